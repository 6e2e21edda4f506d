import Foundation
import GRDB
import StewardCore
import StewardStore

/// Backing up a large store: `steward-bench --backup [--records N]` (1,000,000 by default).
///
/// A store SQLite file of N records (one organization, events with realistic fields and the
/// feed's indexes) is made once; then, in the same run, three times are measured: copying the
/// file with a plain file copy (the baseline: what `cp` of a stopped store costs),
/// `steward-store backup` (SQLite's online backup API, the store could keep serving), and
/// `steward-store restore` (checks, upgrade, the replaced file kept). Prints both and the ratios.
enum BackupBenchmark {
    static func run(arguments: [String]) throws -> Bool {
        let count = Benchmarks.value(of: "--records", in: arguments).flatMap(Int.init) ?? 1_000_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-backup-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/store.sqlite"
        say("steward-bench --backup: \(ProcessInfo.processInfo.activeProcessorCount) cores; a store of \(count) records")
        let fillSeconds = try Stopwatch.seconds { try fill(store, records: count) }
        let size = (try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
        say("made the store in \(format(fillSeconds, 1)) s: \(format(Double(size) / 1_048_576, 1)) MB")

        let copySeconds = try Stopwatch.seconds {
            try FileManager.default.copyItem(atPath: store, toPath: folder + "/copy.sqlite")
        }
        try FileManager.default.removeItem(atPath: folder + "/copy.sqlite")
        let backupSeconds = try Stopwatch.seconds { try StoreBackup.backup(sqlite: store, to: folder + "/backup.sqlite") }
        let restoreSeconds = try Stopwatch.seconds { try StoreBackup.restore(from: folder + "/backup.sqlite", into: store) }
        say("")
        say("copying the file (baseline):            \(format(copySeconds, 2)) s")
        say("steward-store backup (online backup):   \(format(backupSeconds, 2)) s (\(format(backupSeconds / copySeconds, 1))x the copy)")
        say("steward-store restore (checked, kept):  \(format(restoreSeconds, 2)) s (\(format(restoreSeconds / copySeconds, 1))x the copy)")
        return true
    }

    /// The store's own schema, one organization, and `records` events written in one
    /// transaction with raw inserts (the push path would take far longer and is not measured).
    static func fill(_ path: String, records count: Int) throws {
        let pool = try DatabasePool(path: path)
        try SafeMigration.migrate(pool, with: StoreBackup.kind.migrator, path: path)
        try pool.write { db in
            try db.execute(sql: "INSERT INTO orgs (slug, name, time_zone, last_seq) VALUES ('bench', 'Bench', 'UTC', ?)",
                           arguments: [count])
            let insert = try db.makeStatement(sql: """
                INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at)
                VALUES ('bench', 'event', ?, ?, 0, ?, ?, ?, ?)
                """)
            let start: Int64 = 1_800_000_000_000
            for n in 0..<count {
                let begins = start + Int64(n % 50_000) * 3_600_000
                let fields = #"{"description":"Weekly gathering number \#(n) in the fellowship hall","endsAt":"2027-01-01T11:00:00.000Z","locationName":"Fellowship Hall","startsAt":"2027-01-01T10:00:00.000Z","timeZone":"America/Chicago","timing":"timed","title":"Gathering \#(n)"}"#
                try insert.execute(arguments: [UUID().uuidString.lowercased(), n + 1, fields, begins, begins + 3_600_000, start + Int64(n)])
            }
        }
        try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try pool.close()
    }
}
