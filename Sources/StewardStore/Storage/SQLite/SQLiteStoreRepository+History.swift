import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    /// A push's history rows, in one multi-row INSERT per `historyRowsPerStatement` (a whole
    /// batch at the most mutations a push may carry), in the push's transaction.
    static func writeHistory(_ writes: [HistoryWrite], db: Database, org: String) throws {
        for start in stride(from: 0, to: writes.count, by: historyRowsPerStatement) {
            let chunk = writes[start..<min(start + historyRowsPerStatement, writes.count)]
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            var arguments: [any DatabaseValueConvertible] = []
            arguments.reserveCapacity(chunk.count * 8)
            for write in chunk {
                arguments += [org, write.entity, write.recordId, write.version, write.author, write.at,
                              write.operation.rawValue, write.changesText] as [any DatabaseValueConvertible]
            }
            try db.execute(sql: """
                INSERT INTO history (org, entity, record_id, version, author, at, operation, changes) VALUES \(rows)
                """, arguments: StatementArguments(arguments))
        }
    }

    /// 8,000 bound values: a quarter of SQLite's limit.
    static let historyRowsPerStatement = PushBatch.maxMutations

    public func history(org: String, entity: String, id: String) async throws -> [HistoryEntry]? {
        try await pool.read { db in
            let entries = try Row.fetchAll(db, sql: """
                SELECT version, author, at, operation, changes FROM history
                WHERE org = ? AND entity = ? AND record_id = ? ORDER BY version
                """, arguments: [org, entity, id]).map { row in
                try HistoryColumns.entry(recordId: id, version: row["version"], author: row["author"], at: row["at"],
                                         operation: row["operation"], changesText: row["changes"])
            }
            if !entries.isEmpty { return entries }
            let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM records WHERE org = ? AND entity = ? AND id = ?",
                                          arguments: [org, entity, id]) != nil
            return known ? [] : nil
        }
    }
}
