import Foundation

/// A search keystroke and opening the event editor, in the window, for this build and another
/// (`--compare-with`), alternately in one run: each `steward` works its own Events page with
/// its bench drive (STEWARD_BENCH_DRIVE=events) on the same database and prints what each
/// step took (see DriveReport). Both builds must have the drive; an earlier release gets it
/// by adding Sources/Steward/BenchDrive and its two calls in the Events page.
struct DriveBenchmark {
    let stewardPath: String
    let comparedStewardPath: String
    /// The compared build's resource bundle (nil: the one of its installed layout).
    let comparedResources: String?
    let databasePath: String
    let runs: Int
    let environment: [String: String]
    /// Seconds one drive may take before the run is given up.
    var limitSeconds: Int32 = 600

    struct Result {
        var this = DriveRuns()
        var compared = DriveRuns()
    }

    func run() throws -> Result {
        var result = Result()
        for _ in 0..<runs {
            result.this.reports.append(try drive(stewardPath, resources: nil))
            result.compared.reports.append(try drive(comparedStewardPath, resources: comparedResources ?? ""))
        }
        return result
    }

    /// One drive of `path`, to its end. `resources` replaces `STEWARD_RESOURCES` as in
    /// LaunchBenchmark ("": none given).
    private func drive(_ path: String, resources: String?) throws -> DriveReport {
        var env = environment
        if let resources { env["STEWARD_RESOURCES"] = resources }
        env["STEWARD_DB"] = databasePath
        env["STEWARD_BENCH_DRIVE"] = "events"
        let child = try SpawnedProcess.start([path], environment: env, captureOutput: true)
        defer { child.stop() }
        let output = child.output ?? -1
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            guard poll(&ready, 1, limitSeconds * 1000) > 0 else {
                throw BenchError("\(path) drove its Events page for over \(limitSeconds) s without finishing")
            }
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
            // The drive quits on its own after its last line; a failure's reason is read to the end.
            if text.contains("bench-drive-done\n") { break }
        }
        do {
            return try DriveReport(parsing: text)
        } catch {
            throw BenchError("\(path): \(error)")
        }
    }
}
