import Foundation
import Logging
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    public func admitAttempt(kind: String, key: String, limit: Int, window: Duration, now: Date) async throws -> AttemptAdmission {
        let nowMs = Milliseconds.from(now)
        let endsAt = Milliseconds.from(now.addingTimeInterval(window.wholeSeconds))
        let cap = Int64(limit) + 1
        // One statement, as on SQLite (`SQLiteStoreRepository.admitAttempt`): the row lock of the
        // upsert makes concurrent attempts from every store process take turns, each seeing the
        // count the one before left.
        return try await transaction { connection, logger in
            let rows = try await connection.query("""
                INSERT INTO attempt_windows AS w (kind, key, started_at, ends_at, count)
                VALUES (\(kind), \(key), \(nowMs), \(endsAt), 1)
                ON CONFLICT (kind, key) DO UPDATE SET
                    started_at = CASE WHEN w.ends_at <= EXCLUDED.started_at THEN EXCLUDED.started_at ELSE w.started_at END,
                    ends_at = CASE WHEN w.ends_at <= EXCLUDED.started_at THEN EXCLUDED.ends_at ELSE w.ends_at END,
                    count = CASE WHEN w.ends_at <= EXCLUDED.started_at THEN 1 ELSE LEAST(w.count + 1, \(cap)) END
                RETURNING count, ends_at
                """, logger: logger)
            for try await (count, ends) in rows.decode((Int64, Int64).self) {
                return AttemptAdmission(count: count, endsAt: ends, limit: limit, now: now)
            }
            throw StoreFailure.unavailable("counting an attempt returned nothing")
        }
    }

    public func forgetEndedAttemptWindows(now: Date) async throws -> Int {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                WITH gone AS (DELETE FROM attempt_windows WHERE ends_at <= \(Milliseconds.from(now)) RETURNING 1)
                SELECT count(*) FROM gone
                """, logger: logger)
            for try await count in rows.decode(Int64.self) { return Int(count) }
            return 0
        }
    }

    public func hasLiveRecord(org: String, entity: String, id: String) async throws -> Bool {
        try await transaction { connection, logger in
            try await !connection.query("""
                SELECT 1 FROM records WHERE org = \(org) AND entity = \(entity) AND id = \(id) AND NOT deleted
                """, logger: logger).collect().isEmpty
        }
    }
}
