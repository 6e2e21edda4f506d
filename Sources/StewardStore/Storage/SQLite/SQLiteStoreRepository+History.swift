import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
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
