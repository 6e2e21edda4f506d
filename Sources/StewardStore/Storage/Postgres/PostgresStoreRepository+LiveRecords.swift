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
}
