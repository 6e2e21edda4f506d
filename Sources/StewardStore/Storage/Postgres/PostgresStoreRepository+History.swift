import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    public func history(org: String, entity: String, id: String) async throws -> [HistoryEntry]? {
        try await transaction(isolation: "REPEATABLE READ READ ONLY") { connection, logger in
            var entries: [HistoryEntry] = []
            let rows = try await connection.query("""
                SELECT version, author, at, operation, changes FROM history
                WHERE org = \(org) AND entity = \(entity) AND record_id = \(id) ORDER BY version
                """, logger: logger)
            for try await (version, author, at, operation, changes) in rows.decode((Int64, String, Int64, String, String).self) {
                entries.append(try HistoryColumns.entry(recordId: id, version: version, author: author, at: at,
                                                        operation: operation, changesText: changes))
            }
            if !entries.isEmpty { return entries }
            let known = try await connection.query("""
                SELECT 1 FROM records WHERE org = \(org) AND entity = \(entity) AND id = \(id)
                """, logger: logger).collect()
            return known.isEmpty ? nil : []
        }
    }
}
