import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    public func admitAttempt(kind: String, key: String, limit: Int, window: Duration, now: Date) async throws -> AttemptAdmission {
        let nowMs = Milliseconds.from(now)
        let endsAt = Milliseconds.from(now.addingTimeInterval(window.wholeSeconds))
        // One statement: a window that has ended starts again at 1; otherwise the count goes up
        // by one, stopping one past the limit (that attempt is refused and the window keeps its
        // end). The SET expressions all read the row as it was.
        return try await pool.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                INSERT INTO attempt_windows (kind, key, started_at, ends_at, count) VALUES (?, ?, ?, ?, 1)
                ON CONFLICT (kind, key) DO UPDATE SET
                    started_at = CASE WHEN attempt_windows.ends_at <= excluded.started_at
                                      THEN excluded.started_at ELSE attempt_windows.started_at END,
                    ends_at = CASE WHEN attempt_windows.ends_at <= excluded.started_at
                                   THEN excluded.ends_at ELSE attempt_windows.ends_at END,
                    count = CASE WHEN attempt_windows.ends_at <= excluded.started_at
                                 THEN 1 ELSE MIN(attempt_windows.count + 1, ?) END
                RETURNING count, ends_at
                """, arguments: [kind, key, nowMs, endsAt, Int64(limit) + 1]) else {
                throw StoreFailure.unavailable("counting an attempt returned nothing")
            }
            return AttemptAdmission(count: row["count"], endsAt: row["ends_at"], limit: limit, now: now)
        }
    }

    public func forgetEndedAttemptWindows(now: Date) async throws -> Int {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM attempt_windows WHERE ends_at <= ?", arguments: [Milliseconds.from(now)])
            return db.changesCount
        }
    }

    public func hasLiveRecord(org: String, entity: String, id: String) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM records WHERE org = ? AND entity = ? AND id = ? AND deleted = 0",
                              arguments: [org, entity, id]) ?? false
        }
    }
}
