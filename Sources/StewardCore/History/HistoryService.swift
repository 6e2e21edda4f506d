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
            // A creation not pushed yet reads its fields from its outbox entry.
            try RecordHistoryEntry.fetchAll(db, sql: """
                SELECT h.*, o.payload AS pendingFields
                FROM recordHistory AS h
                LEFT JOIN outbox AS o ON h.changes = '' AND o.seq = h.outboxSeq
                WHERE h.entity = ? AND h.recordId = ? ORDER BY h.id DESC
                """, arguments: [entity, UUIDColumn.encode(recordId)])
        }
    }
}
