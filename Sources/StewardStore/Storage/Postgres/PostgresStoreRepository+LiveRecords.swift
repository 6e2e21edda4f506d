import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    // `records_upcoming` (org, entity, deleted, …) serves this without a scan of the org.
    public func liveRecords(org: String, entity: String) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            try await Self.live(entity, connection.query("""
                SELECT id, version, fields FROM records
                WHERE org = \(org) AND entity = \(entity) AND NOT deleted ORDER BY id
                """, logger: logger))
        }
    }

    public func liveRecords(org: String, entity: String, ids: [String]) async throws -> [RemoteRecord] {
        guard !ids.isEmpty else { return [] }
        return try await transaction { connection, logger in
            try await Self.live(entity, connection.query("""
                SELECT id, version, fields FROM records
                WHERE org = \(org) AND entity = \(entity) AND id = ANY(\(ids)::text[]) AND NOT deleted ORDER BY id
                """, logger: logger))
        }
    }

    // `records_starting` (org, entity, deleted, sort_start) serves this as one index range.
    public func liveRecords(org: String, entity: String, startingFrom from: Int64, before to: Int64,
                            limit: Int) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            try await Self.live(entity, connection.query("""
                SELECT id, version, fields FROM records
                WHERE org = \(org) AND entity = \(entity) AND NOT deleted
                  AND sort_start >= \(from) AND sort_start < \(to)
                ORDER BY sort_start, id LIMIT \(Int64(limit))
                """, logger: logger))
        }
    }

    // What started by `now` and is not over (a running event, a series), then the first
    // `limit` to start after it, then up to `limit` with no start: every record that can give
    // one of the first `limit` occurrences, however many series started before the others.
    public func liveRecords(org: String, entity: String, notOverAt now: Int64, limit: Int) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            try await Self.live(entity, connection.query("""
                (SELECT id, version, fields FROM records
                 WHERE org = \(org) AND entity = \(entity) AND NOT deleted
                   AND sort_start < \(now) AND (sort_end IS NULL OR sort_end >= \(now)))
                UNION ALL
                (SELECT id, version, fields FROM records
                 WHERE org = \(org) AND entity = \(entity) AND NOT deleted AND sort_start >= \(now)
                 ORDER BY sort_start, id LIMIT \(Int64(limit)))
                UNION ALL
                (SELECT id, version, fields FROM records
                 WHERE org = \(org) AND entity = \(entity) AND NOT deleted AND sort_start IS NULL
                   AND (sort_end IS NULL OR sort_end >= \(now))
                 ORDER BY id LIMIT \(Int64(limit)))
                """, logger: logger))
        }
    }

    /// The records of `SELECT id, version, fields` rows of one entity, none deleted.
    static func live(_ entity: String, _ rows: PostgresRowSequence) async throws -> [RemoteRecord] {
        var records: [RemoteRecord] = []
        for try await (id, version, fields) in rows.decode((String, Int64, String).self) {
            records.append(try RecordColumns.record(entity: entity, id: id, version: version, deleted: false,
                                                    fieldsText: fields))
        }
        return records
    }
}
