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
    /// Another build of `steward` (an earlier version, say), timed in the same rounds, so a
    /// change's cost to start-up shows without the machine's mood between two runs.
    var comparedStewardPath: String? = nil
    /// The compared build's own resource bundle: its .ui files may sit at other paths than
    /// this build's, so it must not be handed this build's `STEWARD_RESOURCES`. Nil: the bundle
    /// of its installed layout (`<bin>/../share/steward/steward.gresource`).
    var comparedResources: String? = nil

    struct Result {
        var stewardMilliseconds: [Double]
        var minimalMilliseconds: [Double]
        var comparedMilliseconds: [Double] = []
        var ratio: Double { stewardMilliseconds.median / minimalMilliseconds.median }
        /// This build's start-up against the compared one's.
        var comparedRatio: Double? {
            comparedMilliseconds.isEmpty ? nil : stewardMilliseconds.median / comparedMilliseconds.median
        }
    }

    func run() throws -> Result {
        var result = Result(stewardMilliseconds: [], minimalMilliseconds: [])
        // One untimed start of each warms the file cache, as a second launch on a desk would be.
        _ = try timeToFirstPaint([benchPath, "--minimal-window"])
        _ = try timeToFirstPaint([stewardPath])
        if let comparedStewardPath { _ = try timeToFirstPaint([comparedStewardPath], resources: comparedResources ?? "") }
        for _ in 0..<runs {
            result.minimalMilliseconds.append(try timeToFirstPaint([benchPath, "--minimal-window"]))
            result.stewardMilliseconds.append(try timeToFirstPaint([stewardPath]))
            if let comparedStewardPath {
                result.comparedMilliseconds.append(try timeToFirstPaint([comparedStewardPath], resources: comparedResources ?? ""))
            }
        }
        return result
    }

    /// Starts `command` with stdout on a pipe and returns the time until it prints
    /// `first-paint`. `resources` replaces `STEWARD_RESOURCES` ("": none given, so the program
    /// finds its own bundle).
    private func timeToFirstPaint(_ command: [String], resources: String? = nil) throws -> Double {
        var env = environment
        if let resources { env["STEWARD_RESOURCES"] = resources }
        env["STEWARD_DB"] = databasePath
        env["STEWARD_REPORT_FIRST_PAINT"] = "1"
        let start = Stopwatch.now()
        let child = try SpawnedProcess.start(command, environment: env, captureOutput: true)
        defer { child.stop() }
        let childOutput = child.output ?? -1
        var output = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(childOutput, &buffer, buffer.count)
            if count <= 0 { throw BenchError("\(command[0]) exited without painting a first page") }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
            if output.contains("first-paint") { return Stopwatch.milliseconds(since: start) }
        }
    }
}
