import Foundation
import GRDB

/// Reads records' histories, for the record's page and `stewardctl history`.
public final class HistoryService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Every change of the record this console knows of, newest first.
    public func history(entity: String, recordId: UUID) async throws -> [RecordHistoryEntry] {
        try await database.writer.read { db in
            try RecordHistoryEntry.fetchAll(db, sql: """
                SELECT * FROM recordHistory WHERE entity = ? AND recordId = ? ORDER BY id DESC
                """, arguments: [entity, UUIDColumn.encode(recordId)])
        }
    }
}
