import Foundation
import Logging
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    /// A push's history rows in one statement (arrays through UNNEST), in the push's transaction.
    static func writeHistory(_ writes: [HistoryWrite], connection: PostgresConnection, org: String,
                             logger: Logger) async throws {
        // One push has one author and one time.
        guard let author = writes.first?.author, let at = writes.first?.at else { return }
        try await connection.query("""
            INSERT INTO history (org, entity, record_id, version, author, at, operation, changes)
            SELECT \(org), h.entity, h.record_id, h.version, \(author), \(at), h.operation, h.changes
            FROM UNNEST(\(writes.map(\.entity))::text[], \(writes.map(\.recordId))::text[],
                        \(writes.map(\.version))::bigint[], \(writes.map(\.operation.rawValue))::text[],
                        \(writes.map(\.changesText))::text[])
                 AS h(entity, record_id, version, operation, changes)
            """, logger: logger)
    }

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
