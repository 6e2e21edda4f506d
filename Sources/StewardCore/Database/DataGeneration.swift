import GRDB

/// A cheap token that changes whenever event data may have changed, from any process: the
/// outbox's sequence (every local edit appends to the outbox, and AUTOINCREMENT never goes
/// back) and a counter that applying a pull bumps. Caches compare it instead of re-reading.
public struct DataGeneration: Hashable, Sendable {
    let outboxSequence: Int64
    let pulls: Int64

    static let pullCounterKey = "pullGeneration"

    static func current(_ db: Database) throws -> DataGeneration {
        let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'outbox') AS outbox,
                   (SELECT value FROM consoleSetting WHERE key = 'pullGeneration') AS pulls
            """))
        let pulls: String? = row?["pulls"]
        return DataGeneration(outboxSequence: row?["outbox"] ?? 0, pulls: pulls.flatMap { Int64($0) } ?? 0)
    }

    /// Called by whatever writes events without an outbox entry (applying pulled changes).
    static func bumpPulls(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO consoleSetting (key, value) VALUES ('pullGeneration', '1')
            ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
            """)
    }
}
