import Foundation
import GRDB
import StewardCore
import StewardStore

/// A store the passport benchmark runs on, seeded with `PassportSeed`: its repository (what is
/// timed) and the plain SQL the figures are set against, on the same backend.
protocol PassportBenchStore: Sendable {
    var name: String { get }
    var repository: any StoreRepository { get }
    /// The baseline: a plain `SELECT COUNT(*)` over the ledger.
    func countLedger() async throws
    /// The floor of any write: one row changed and committed.
    func writeOneRow() async throws
    /// The naive reads the store's index spares: sums over the ledger.
    func naiveBoard(limit: Int) async throws
    func naiveTotal(member: String) async throws
}

/// The SQLite store, in a file of its own, removed afterwards.
final class SQLitePassportBench: PassportBenchStore {
    let name = "SQLite"
    let folder: URL
    let store: SQLiteStoreRepository
    let reader: DatabaseQueue
    let writer: DatabaseQueue
    var repository: any StoreRepository { store }

    /// Creates the store, seeds it (the store's triggers indexing and totalling the ledger)
    /// and answers how long the seeding took.
    static func make(org: String, seed: inout PassportSeed) async throws -> (SQLitePassportBench, seconds: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-passport-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("store.sqlite").path
        let store = try SQLiteStoreRepository(path: path)
        try await store.migrate()
        try await store.addOrg(OrgInfo(slug: org, name: "Bench City", timeZone: "America/New_York"))
        let queue = try DatabaseQueue(path: path)
        // Only the seeding skips the disk flushes; what is timed runs as the store does.
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        let at = Int64(seed.now.timeIntervalSince1970 * 1000)
        let seconds = try Stopwatch.seconds {
            try queue.write { db in
                let insert = try db.makeStatement(sql: """
                    INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by)
                    VALUES (?, ?, ?, ?, 0, ?, NULL, NULL, ?, 'bench')
                    """)
                try seed.write { entity, id, version, fields in
                    try insert.execute(arguments: [org, entity, id, version, fields, at])
                }
                try db.execute(sql: "UPDATE orgs SET last_seq = ? WHERE slug = ?", arguments: [seed.version, org])
            }
        }
        try queue.close()
        let writer = try DatabaseQueue(path: path)
        // synchronous = FULL, as the store's writer.
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return (SQLitePassportBench(folder: folder, store: store, reader: try DatabaseQueue(path: path), writer: writer, org: org),
                seconds)
    }

    let org: String

    init(folder: URL, store: SQLiteStoreRepository, reader: DatabaseQueue, writer: DatabaseQueue, org: String) {
        self.folder = folder
        self.store = store
        self.reader = reader
        self.writer = writer
        self.org = org
    }

    deinit {
        try? reader.close()
        try? writer.close()
        try? FileManager.default.removeItem(at: folder)
    }

    func countLedger() async throws {
        _ = try await reader.read { [org] db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE org = ? AND entity = 'stamp'", arguments: [org])
        }
    }

    func writeOneRow() async throws {
        try await writer.write { [org] db in try db.execute(sql: "UPDATE orgs SET name = name WHERE slug = ?", arguments: [org]) }
    }

    func naiveBoard(limit: Int) async throws {
        _ = try await reader.read { [org] db in
            try Row.fetchAll(db, sql: """
                SELECT json_extract(fields, '$.member') AS member, SUM(json_extract(fields, '$.stamps')) AS total
                FROM records WHERE org = ? AND entity = 'stamp' GROUP BY member ORDER BY total DESC LIMIT ?
                """, arguments: [org, limit])
        }
    }

    func naiveTotal(member: String) async throws {
        _ = try await reader.read { [org] db in
            try Int.fetchOne(db, sql: """
                SELECT SUM(json_extract(fields, '$.stamps')) FROM records
                WHERE org = ? AND entity = 'stamp' AND json_extract(fields, '$.member') = ?
                """, arguments: [org, member])
        }
    }
}
