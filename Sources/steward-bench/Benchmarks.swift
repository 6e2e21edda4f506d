import Foundation
import StewardCore

/// Writes a line of the report at once (print buffers until exit when stdout is a pipe).
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Runs every benchmark and prints the report; true when every goal is met.
enum Benchmarks {
    /// The word after option `name` on the command line, if it is there.
    static func value(of name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    static func runAll() async throws -> Bool {
        let arguments = CommandLine.arguments
        func option(_ name: String, default fallback: Int) -> Int {
            value(of: name, in: arguments).flatMap(Int.init) ?? fallback
        }

        let eventCount = option("--events", default: 100_000)
        let runs = option("--runs", default: 5)
        let insertCount = option("--insert", default: 20_000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        nonisolated(unsafe) var goalsMet = true
        func verdict(_ met: Bool) -> String {
            if !met { goalsMet = false }
            return met ? "goal met" : "GOAL MISSED"
        }

        if arguments.contains("--sync") { return try await runSync(arguments: arguments, folder: folder) }
        if arguments.contains("--notifications") { return try await NotificationBenchmark.run(arguments: arguments, folder: folder) }
        if arguments.contains("--stall") { return try await runStall(arguments: arguments, folder: folder) }
        if arguments.contains("--schedule-stall") { return try await ScheduleStallBenchmark.report(arguments: arguments, folder: folder) }
        if arguments.contains("--schedules") { return try await ScheduleBenchmark.report(arguments: arguments, folder: folder) }
        if arguments.contains("--bulk") { return try await BulkWriteBenchmark.run(arguments: arguments, folder: folder) }
        if arguments.contains("--library") { return try await LibraryBenchmark.run(arguments: arguments, folder: folder) }
        if arguments.contains("--calendar") { return try await CalendarBenchmark.run(arguments: arguments, folder: folder) }
        if arguments.contains("--repeating") { return try await RepeatingBenchmark.run(arguments: arguments, folder: folder) }
        say("steward-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // 1. Bulk insert.
        let insert = try InsertBenchmark(count: insertCount, folder: folder).run()
        say("""

        Bulk insert of \(insertCount) events (medians of \(InsertBenchmark.rounds) rounds, alternating)
          Steward (validate forms, write events + outbox): \(format(insert.stewardSeconds, 3)) s = \(Int(insert.stewardRate)) events/s
          raw SQLite (prepared INSERT of the same rows):   \(format(insert.rawSeconds, 3)) s = \(Int(insert.rawRate)) events/s
          ratio Steward/raw = \(format(insert.ratio)) (goal >= 0.50): \(verdict(insert.ratio >= 0.5))
        """)

        if arguments.contains("--insert-only") { return goalsMet }

        // 2. A large database: the demo plus `eventCount` events in one organization.
        let databasePath = folder.appendingPathComponent("large.sqlite").path
        let database = try AppDatabase.open(path: databasePath)
        _ = try DemoDataset(database: database).load()
        let orgs = try await OrganizationService(database: database).all()
        // The organization the console opens on when it remembers none: the first by name.
        let big = orgs[0]
        let fillSeconds = try Stopwatch.seconds {
            _ = try DemoDataset(database: database).addGeneratedEvents(eventCount, to: [big])
        }
        say("Built a database of \(eventCount) events in \(big.name) in \(format(fillSeconds, 1)) s")

        // 3. Search as you type.
        let search = try await SearchBenchmark(events: EventService(database: database), org: big).run()
        let times = search.keystrokeMilliseconds
        say("""

        Search as you type (\(times.count) keystrokes; keys of all matches + first 40 rows)
          median \(format(times.median)) ms, p95 \(format(times.percentile(0.95))) ms, max \(format(times.max() ?? 0)) ms
          (a one-letter query matched up to \(search.matchesForFirstLetter) events)
          p95 under 16 ms: \(verdict(times.percentile(0.95) < 16))
        Search with a date (\(search.datedMilliseconds.count) searches such as "worship december", "next week")
          median \(format(search.datedMilliseconds.median)) ms, p95 \(format(search.datedMilliseconds.percentile(0.95))) ms, max \(format(search.datedMilliseconds.max() ?? 0)) ms
          p95 under 16 ms: \(verdict(search.datedMilliseconds.percentile(0.95) < 16))
        """)

        // 4. Launch to first page, only where there is a display.
        let env = ProcessInfo.processInfo.environment
        if arguments.contains("--skip-launch") {
            say("\nLaunch: skipped (--skip-launch)")
        } else if env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil {
            say("\nLaunch: skipped, no display (run under `xvfb-run -a`, as `make bench` does)")
        } else {
            let binDir = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
            var launchEnv = env
            // No remembered window state or organization: a first launch on this database.
            launchEnv["GSETTINGS_BACKEND"] = "memory"
            let compared = value(of: "--compare-with", in: arguments)
            let launch = try LaunchBenchmark(
                stewardPath: binDir.appendingPathComponent("steward").path, benchPath: arguments[0],
                databasePath: databasePath, runs: runs, environment: launchEnv, comparedStewardPath: compared,
                comparedResources: value(of: "--compare-resources", in: arguments)).run()
            say("""

        Launch to first page painted (\(runs) runs each, alternating, medians)
          steward on \(eventCount) events: \(format(launch.stewardMilliseconds.median, 0)) ms  \(launch.stewardMilliseconds.map { format($0, 0) })
          minimal GTK 4 window:       \(format(launch.minimalMilliseconds.median, 0)) ms  \(launch.minimalMilliseconds.map { format($0, 0) })
          ratio = \(format(launch.ratio)) (goal <= 1.50): \(verdict(launch.ratio <= 1.5))
        """)
            if let compared, let ratio = launch.comparedRatio {
                say("""
              \(compared): \(format(launch.comparedMilliseconds.median, 0)) ms  \(launch.comparedMilliseconds.map { format($0, 0) })
              this build / that build = \(format(ratio)) (start-up within 5%: \(ratio <= 1.05 ? "yes" : "NO"))
            """)
            }
            // Steward draws with Cairo on a machine without a GPU (see RendererChoice); the
            // baseline keeps GTK's default. Both on one renderer, for comparison.
            if env["GSK_RENDERER"] == nil {
                say("  the same, both drawn by one renderer (for comparison, not the goal):")
                for renderer in ["cairo", "gl"] {
                    var forced = launchEnv
                    forced["GSK_RENDERER"] = renderer
                    let same = try LaunchBenchmark(
                        stewardPath: binDir.appendingPathComponent("steward").path, benchPath: arguments[0],
                        databasePath: databasePath, runs: runs, environment: forced).run()
                    say("    \(renderer): steward \(format(same.stewardMilliseconds.median, 0)) ms, minimal \(format(same.minimalMilliseconds.median, 0)) ms, ratio \(format(same.ratio))")
                }
            }
            if let compared {
                let drive = try DriveBenchmark(
                    stewardPath: binDir.appendingPathComponent("steward").path, comparedStewardPath: compared,
                    comparedResources: value(of: "--compare-resources", in: arguments), databasePath: databasePath,
                    runs: runs, environment: launchEnv).run()
                say(driveReport(drive, compared: compared, runs: runs))
            }
        }

        say(goalsMet ? "\nAll speed goals met." : "\nSome speed goals were missed.")
        return goalsMet
    }

    /// The drive's figures for both builds: medians and p95 of every keystroke and every
    /// opening of the editor over all runs, each run's median, and this build against the other.
    static func driveReport(_ result: DriveBenchmark.Result, compared: String, runs: Int) -> String {
        func figures(_ title: String, _ this: [Double], _ thisByRun: [Double],
                     _ that: [Double], _ thatByRun: [Double]) -> String {
            let medianRatio = this.median / that.median
            let p95Ratio = this.percentile(0.95) / that.percentile(0.95)
            return """
              \(title)
                this build: median \(format(this.median)) ms, p95 \(format(this.percentile(0.95))) ms (\(this.count); by run \(thisByRun.map { format($0, 1) }))
                \(compared): median \(format(that.median)) ms, p95 \(format(that.percentile(0.95))) ms (\(that.count); by run \(thatByRun.map { format($0, 1) }))
                this build / that build: median \(format(medianRatio)), p95 \(format(p95Ratio)) (within 5%: \(medianRatio <= 1.05 ? "yes" : "NO"))
            """
        }
        let this = result.this, that = result.compared
        return """

        In the window, each build driving its own Events page (STEWARD_BENCH_DRIVE=events; \(runs) runs each, alternating)
        \(figures("Search keystroke, from search-changed (after GTK's typing delay, the same in both) to the list painted:",
                  this.keystrokeMilliseconds, this.keystrokeMediansByRun, that.keystrokeMilliseconds, that.keystrokeMediansByRun))
        \(figures("Opening the event editor, from a row activated to the editor window's first frame:",
                  this.editorOpenMilliseconds, this.editorOpenMediansByRun, that.editorOpenMilliseconds, that.editorOpenMediansByRun))
        """
    }

    /// `steward-bench --sync [--push N] [--pull N] [--postgres URL]`: the sync figures on SQLite,
    /// and on PostgreSQL when a URL is given (or STEWARD_TEST_POSTGRES_URL is set).
    static func runSync(arguments: [String], folder: URL) async throws -> Bool {
        func option(_ name: String) -> String? { value(of: name, in: arguments) }
        let pushCount = option("--push").flatMap(Int.init) ?? 10_000
        let pullCount = option("--pull").flatMap(Int.init) ?? 100_000
        let storePath = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("steward-store").path
        let postgres = option("--postgres") ?? ProcessInfo.processInfo.environment["STEWARD_TEST_POSTGRES_URL"]
        var met = true
        say("steward-bench --sync: \(ProcessInfo.processInfo.activeProcessorCount) cores, store and consoles on 127.0.0.1")
        var backends: [String?] = [nil]
        if let postgres { backends.append(postgres) }
        for url in backends {
            let result = try await SyncBenchmark(storePath: storePath, folder: folder, postgresURL: url,
                                                 pushCount: pushCount, pullCount: pullCount).run()
            let ok = result.speedup >= 20
            met = met && ok
            say("""

            \(result.backend)
              push \(result.pushCount) changes in batches:    \(format(result.batchedSeconds, 2)) s = \(Int(Double(result.pushCount) / result.batchedSeconds)) changes/s
              one request per record + dirty flag cleared:  \(format(result.perRecordSeconds, 2)) s = \(Int(Double(result.pushCount) / result.perRecordSeconds)) changes/s
              batched is \(format(result.speedup, 1))x faster (goal >= 20x): \(ok ? "goal met" : "GOAL MISSED")
              (bare requests, nothing written locally: \(format(result.bareSeconds, 2)) s; batched is \(format(result.bareSeconds / result.batchedSeconds, 1))x faster)
              pull \(result.pullCount) changes into a new console: \(format(result.pullSeconds, 2)) s = \(Int(Double(result.pullCount) / result.pullSeconds)) changes/s
            """)
        }
        return met
    }

    /// `steward-bench --stall [--changes N] [--deadline S]`: the window's longest main-loop
    /// stall while N changes sync to a store on loopback, against the same window idle.
    static func runStall(arguments: [String], folder: URL) async throws -> Bool {
        func option(_ name: String) -> String? { value(of: name, in: arguments) }
        let changeCount = option("--changes").flatMap(Int.init) ?? 10_000
        let deadline = option("--deadline").flatMap(Double.init) ?? 600
        var env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            say("steward-bench --stall needs a display: run it under `xvfb-run -a`, as `make bench` does")
            return false
        }
        // No remembered window state or organization.
        env["GSETTINGS_BACKEND"] = "memory"
        let binDirectory = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
        say("steward-bench --stall: \(ProcessInfo.processInfo.activeProcessorCount) cores, store and console on 127.0.0.1")
        let result = try await StallBenchmark(binDirectory: binDirectory, folder: folder, changeCount: changeCount,
                                              deadlineSeconds: deadline, environment: env).run()
        // The goal: no stall over 50 ms once the window is up and the sync runs.
        let met = result.syncing.laterOver50 == 0
        func figures(_ report: StallBenchmark.StallReport) -> String {
            "longest stall \(format(report.longestMilliseconds, 1)) ms, \(report.over50Milliseconds) over 50 ms, \(report.ticks) ticks"
        }
        // The report keeps one longest stall since start-up: after start-up it is known exactly
        // only when it beat start-up's, else the count over 50 ms bounds it.
        func later(_ run: StallBenchmark.Run) -> String {
            if let longest = run.laterLongest {
                return "longest stall \(format(longest, 1)) ms, \(run.laterOver50) over 50 ms"
            }
            let startup = format(run.startup.longestMilliseconds, 1)
            return run.laterOver50 == 0
                ? "no stall over 50 ms (the longest, \(startup) ms, was in start-up)"
                : "\(run.laterOver50) over 50 ms, none longer than start-up's \(startup) ms"
        }
        say("""

        Main loop of the window (STEWARD_STALL_REPORT, a 10 ms tick), the store coming up once the window has settled
          start-up, until 2 s after the first frame:  \(figures(result.syncing.startup))
          then sending \(result.changeCount) changes:            \(later(result.syncing))
          idle for as long, nothing to send:         \(later(result.idle))
          outbox empty \(format(result.syncSeconds, 2)) s after the store came up = \(Int(result.changesPerSecond)) changes/s
          whole windows: syncing \(figures(result.syncing.total)); idle \(figures(result.idle.total))
          no stall over 50 ms while syncing: \(met ? "goal met" : "GOAL MISSED")
        """)
        return met
    }
}
