import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    // `records_upcoming` (org, entity, deleted, …) serves this without a scan of the org.
    public func liveRecords(org: String, entity: String) async throws -> [RemoteRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, version, fields FROM records
                WHERE org = ? AND entity = ? AND deleted = 0 ORDER BY id
                """, arguments: [org, entity]).map { row in
                try RecordColumns.record(entity: entity, id: row["id"], version: row["version"], deleted: false,
                                         fieldsText: row["fields"])
            }
        }
    }

    // `records_starting` (org, entity, deleted, sort_start) serves this as one index range.
    public func liveRecords(org: String, entity: String, startingFrom from: Int64, before to: Int64,
                            limit: Int) async throws -> [RemoteRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, version, fields FROM records
                WHERE org = ? AND entity = ? AND deleted = 0 AND sort_start >= ? AND sort_start < ?
                ORDER BY sort_start, id LIMIT ?
                """, arguments: [org, entity, from, to, limit]).map { row in
                try RecordColumns.record(entity: entity, id: row["id"], version: row["version"], deleted: false,
                                         fieldsText: row["fields"])
            }
        }
    }

    // What started by `now` and is not over (a running event, a series), then the first
    // `limit` to start after it, then up to `limit` with no start: every record that can give
    // one of the first `limit` occurrences, however many series started before the others.
    public func liveRecords(org: String, entity: String, notOverAt now: Int64, limit: Int) async throws -> [RemoteRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, version, fields FROM records
                WHERE org = ? AND entity = ? AND deleted = 0 AND sort_start < ? AND (sort_end IS NULL OR sort_end >= ?)
                UNION ALL
                SELECT * FROM (SELECT id, version, fields FROM records
                               WHERE org = ? AND entity = ? AND deleted = 0 AND sort_start >= ?
                               ORDER BY sort_start, id LIMIT ?)
                UNION ALL
                SELECT * FROM (SELECT id, version, fields FROM records
                               WHERE org = ? AND entity = ? AND deleted = 0 AND sort_start IS NULL AND (sort_end IS NULL OR sort_end >= ?)
                               ORDER BY id LIMIT ?)
                """, arguments: [org, entity, now, now, org, entity, now, limit, org, entity, now, limit]).map { row in
                try RecordColumns.record(entity: entity, id: row["id"], version: row["version"], deleted: false,
                                         fieldsText: row["fields"])
            }
        }
    }

    public func liveRecords(org: String, entity: String, ids: [String]) async throws -> [RemoteRecord] {
        guard !ids.isEmpty else { return [] }
        return try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, version, fields FROM records
                WHERE org = ? AND entity = ? AND deleted = 0 AND id IN (\(databaseQuestionMarks(count: ids.count)))
                ORDER BY id
                """, arguments: StatementArguments([org, entity] + ids)).map { row in
                try RecordColumns.record(entity: entity, id: row["id"], version: row["version"], deleted: false,
                                         fieldsText: row["fields"])
            }
        }
    }
}
