import Foundation

/// Time from starting a program to its first page painted on screen: `steward` on a large
/// database against a minimal GTK 4 window, started the same way, alternately, in one run.
/// Both programs print a line starting with `first-paint` when that moment comes.
struct LaunchBenchmark {
    let stewardPath: String
    let benchPath: String
    let databasePath: String
    let runs: Int
    let environment: [String: String]

    struct Result {
        var stewardMilliseconds: [Double]
        var minimalMilliseconds: [Double]
        var ratio: Double { stewardMilliseconds.median / minimalMilliseconds.median }
    }

    func run() throws -> Result {
        var steward: [Double] = []
        var minimal: [Double] = []
        // One untimed start of each warms the file cache, as a second launch on a desk would be.
        _ = try timeToFirstPaint([benchPath, "--minimal-window"])
        _ = try timeToFirstPaint([stewardPath])
        for _ in 0..<runs {
            minimal.append(try timeToFirstPaint([benchPath, "--minimal-window"]))
            steward.append(try timeToFirstPaint([stewardPath]))
        }
        return Result(stewardMilliseconds: steward, minimalMilliseconds: minimal)
    }

    private func timeToFirstPaint(_ command: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var env = environment
        env["STEWARD_DB"] = databasePath
        env["STEWARD_REPORT_FIRST_PAINT"] = "1"
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let start = Stopwatch.now()
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var buffer = Data()
        let handle = pipe.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { throw BenchError("\(command[0]) exited without painting a first page") }
            buffer.append(chunk)
            if String(decoding: buffer, as: UTF8.self).contains("first-paint") {
                return Stopwatch.milliseconds(since: start)
            }
        }
    }
}
