import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    // `records_upcoming` (org, entity, deleted, …) serves this without a scan of the org.
    public func liveRecords(org: String, entity: String) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT id, version, fields FROM records
                WHERE org = \(org) AND entity = \(entity) AND NOT deleted ORDER BY id
                """, logger: logger)
            var records: [RemoteRecord] = []
            for try await (id, version, fields) in rows.decode((String, Int64, String).self) {
                records.append(try RecordColumns.record(entity: entity, id: id, version: version, deleted: false,
                                                        fieldsText: fields))
            }
            return records
        }
    }

    // `records_starting` (org, entity, deleted, sort_start) serves this as one index range.
    public func liveRecords(org: String, entity: String, startingFrom from: Int64, before to: Int64,
                            limit: Int) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT id, version, fields FROM records
                WHERE org = \(org) AND entity = \(entity) AND NOT deleted
                  AND sort_start >= \(from) AND sort_start < \(to)
                ORDER BY sort_start, id LIMIT \(Int64(limit))
                """, logger: logger)
            var records: [RemoteRecord] = []
            for try await (id, version, fields) in rows.decode((String, Int64, String).self) {
                records.append(try RecordColumns.record(entity: entity, id: id, version: version, deleted: false,
                                                        fieldsText: fields))
            }
            return records
        }
    }
}
