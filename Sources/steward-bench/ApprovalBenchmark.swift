import CGtk
import Foundation
import GRDB
import GtkKit
import StewardCore

/// The approval queue at scale: `steward-bench --approvals [--submissions N] [--approve N]`.
///
/// 1. Opening the queue (reading every submission's line) and each keystroke of a search, in
///    the core, against a frame (16 ms); the generic record-kit list of the same records (each
///    record's fields parsed) is the baseline.
/// 2. Approving `--approve` submissions at once, as Approve Selected does (the decisions in
///    one transaction off the main thread, then the queue read again and put in the list model
///    on the main thread), while a stall meter ticks on the main loop; the same loop left idle
///    as long is the baseline.
@MainActor
enum ApprovalBenchmark {
    static func run(arguments: [String]) -> Int32 {
        let count = Benchmarks.value(of: "--submissions", in: arguments).flatMap(Int.init) ?? 10_000
        let approveCount = Benchmarks.value(of: "--approve", in: arguments).flatMap(Int.init) ?? 1_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-approvals-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try AppDatabase.open(path: folder.appendingPathComponent("queue.sqlite").path)
            let demo = DemoDataset(database: database)
            _ = try demo.load()
            let org = try database.writer.read { db in try Organization.fetchAll(db) }.first { $0.kind == .cityOffice }!
            let buildSeconds = try Stopwatch.seconds { _ = try demo.addGeneratedSubmissions(count, to: org) }
            say("steward-bench --approvals: \(ProcessInfo.processInfo.activeProcessorCount) cores; "
                + "\(count) pending submissions stored in \(format(buildSeconds, 1)) s")
            var met = try queueFigures(database: database, org: org, count: count)
            met = try approvalFigures(database: database, org: org, approveCount: approveCount) && met
            say(met ? "\nAll approval goals met." : "\nSome approval goals were missed.")
            return met ? 0 : 1
        } catch {
            say("steward-bench --approvals: \(error)")
            return 1
        }
    }

    private static func queueFigures(database: AppDatabase, org: Organization, count: Int) throws -> Bool {
        var openTimes: [Double] = []
        var baselineTimes: [Double] = []
        var rawTimes: [Double] = []
        var rows: [QueueRow] = []
        for _ in 0..<5 {
            var start = Stopwatch.now()
            rows = try database.writer.read { db in try ApprovalQueue.rows(orgId: org.id, db) }
            _ = ApprovalQueue.filter(rows)
            openTimes.append(Stopwatch.milliseconds(since: start))
            start = Stopwatch.now()
            // The kit's generic path: every record read and its fields parsed.
            let texts = try database.writer.read { db in
                try String.fetchAll(db, sql: "SELECT fields FROM record WHERE orgId = ? AND entity = ? AND deleted = 0",
                                    arguments: [org.id.uuidString.lowercased(), RecordType.submission.entity])
            }
            _ = try texts.map { SubmissionRecord(fields: try JSONValue.parse($0)) }.filter { $0.status.isQueued }
            baselineTimes.append(Stopwatch.milliseconds(since: start))
            // The floor: SQLite stepping through the same lines, nothing made of them.
            start = Stopwatch.now()
            _ = try database.writer.read { db in
                try Int.fetchOne(db, sql: """
                    SELECT SUM(length(id) + length(status) + length(line)) FROM submissionLine WHERE orgId = ?
                    """, arguments: [org.id.uuidString.lowercased()])
            }
            rawTimes.append(Stopwatch.milliseconds(since: start))
        }
        var keystrokes: [Double] = []
        let typed = "riverside clean-up #12"
        for _ in 0..<3 {
            for length in 1...typed.count {
                let start = Stopwatch.now()
                _ = ApprovalQueue.filter(rows, search: String(typed.prefix(length)))
                keystrokes.append(Stopwatch.milliseconds(since: start))
            }
        }
        let open = openTimes.median, baseline = baselineTimes.median
        let openMet = open < 16, keysMet = keystrokes.percentile(0.95) < 16
        say("""

        Opening the queue of \(count) submissions (median of 5): \(format(open)) ms
          the generic record list of the same records (fields parsed): \(format(baseline)) ms
          SQLite alone stepping through the same lines: \(format(rawTimes.median)) ms (ratio queue/SQLite = \(format(open / rawTimes.median)))
          ratio queue/generic = \(format(open / baseline)); under one frame (16 ms): \(openMet ? "goal met" : "GOAL MISSED")
        Search keystrokes (\(keystrokes.count), typing "\(typed)"): median \(format(keystrokes.median)) ms, \
        p95 \(format(keystrokes.percentile(0.95))) ms, max \(format(keystrokes.max() ?? 0)) ms
          p95 / frame (16 ms) = \(format(keystrokes.percentile(0.95) / 16)); under one frame: \(keysMet ? "goal met" : "GOAL MISSED")
        """)
        return openMet && keysMet
    }

    private static func approvalFigures(database: AppDatabase, org: Organization, approveCount: Int) throws -> Bool {
        let service = ApprovalService(database: database)
        let rows = try database.writer.read { db in try ApprovalQueue.rows(orgId: org.id, db) }
        let ids = Array(ApprovalQueue.filter(rows).prefix(approveCount).map(\.id))
        let keys = KeyListModel()
        keys.setKeys(Array(1...Int64(rows.count)))
        MainLoopBridge.install()

        let meter = StallMeter(intervalMilliseconds: 5, thresholdMilliseconds: 50)
        meter.start()
        var finished = false
        var failure: Error?
        let start = Stopwatch.now()
        Task { @MainActor in
            do {
                // What Approve Selected does: the decisions off the main thread, then the
                // queue read again (off it too) and the list model replaced on it.
                try await service.decide(ids, to: .approved, reason: "", in: org)
                let fresh = try await service.queueRows(in: org)
                let shown = ApprovalQueue.filter(fresh)
                keys.setKeys(shown.indices.map { Int64($0 + 1) })
            } catch {
                failure = error
            }
            finished = true
        }
        _ = Gtk.iterate(until: { finished }, timeout: 600)
        let seconds = Double(Stopwatch.now() - start) / 1e9
        meter.stop()
        if let failure { throw failure }
        let busy = meter.figures

        let idle = StallMeter(intervalMilliseconds: 5, thresholdMilliseconds: 50)
        idle.start()
        let idleUntil = Stopwatch.now() + UInt64(seconds * 1e9)
        _ = Gtk.iterate(until: { Stopwatch.now() >= idleUntil }, timeout: seconds + 5)
        idle.stop()
        let stallMet = busy.longestMilliseconds < 50
        say("""

        Approving \(ids.count) submissions at once (decisions + outbox + history in one transaction, \
        then the queue read again): \(format(seconds, 2)) s
          the main loop meanwhile: longest stall \(format(busy.longestMilliseconds, 1)) ms, \
        \(busy.overThreshold) over 50 ms, \(busy.ticks) ticks
          the same loop idle as long: longest stall \(format(idle.figures.longestMilliseconds, 1)) ms \
        (ratio busy/idle = \(format(busy.longestMilliseconds / max(idle.figures.longestMilliseconds, 0.01))))
          never over 50 ms: \(stallMet ? "goal met" : "GOAL MISSED")
        """)
        return stallMet
    }
}
