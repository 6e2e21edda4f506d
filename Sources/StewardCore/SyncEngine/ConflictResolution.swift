import Foundation
import GRDB

extension SyncEngine {
    /// Settles a conflict, in one transaction:
    /// - `.local`: the local record is sent again as a new outbox entry (its current fields, or a
    ///   delete) based on the store's version, and the row takes that version;
    /// - `.remote`: the local row takes the store's fields, version and tombstone.
    /// Local edits made while the conflict was open are part of the choice: kept in the local
    /// record's new entry, or dropped with it.
    public func resolve(conflictId: Int64, keep choice: ConflictChoice) async throws {
        try await database.writer.write { db in try Self.resolve(conflictId: conflictId, keep: choice, db) }
    }

    static func resolve(conflictId: Int64, keep choice: ConflictChoice, _ db: Database) throws {
        guard let conflict = try SyncIssues.conflict(id: conflictId, db),
              let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                  arguments: [UUIDColumn.encode(conflict.orgId)])
        else { throw SyncError.conflictNotFound(conflictId) }
        guard let remote = conflict.remote else { throw SyncError.remoteSideUnknown(conflictId) }
        let key = UUIDColumn.encode(conflict.recordId)

        if conflict.entity == EventStore.entity {
            // Edits waiting behind the conflict are settled by the choice made here.
            try db.execute(sql: "DELETE FROM outbox WHERE entity = ? AND recordId = ? AND mutationId IS NULL",
                           arguments: [conflict.entity, key])
            let existing = try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?", arguments: [key])
            switch choice {
            case .remote:
                if case .invalid(let message) = try EventStore.overwrite(with: remote, existing: existing, org: org, db) {
                    let url = try Remote.fetch(orgId: org.id, db)?.url ?? "(not connected)"
                    throw SyncError.invalidAnswer(url: url, message: "its record does not validate: \(message)")
                }
            case .local:
                var event: Event
                if let existing {
                    event = existing
                } else {
                    // Not expected (a conflicted record is never dropped), but the typed fields are
                    // at hand.
                    let details = try conflict.localFields.map { try EventDetails(syncFields: $0) }
                        ?? EventDetails(title: "", timing: .untimed)
                    event = Event(id: conflict.recordId, orgId: org.id, deleted: conflict.localDeleted, details: details)
                    try db.execute(sql: """
                        INSERT INTO event (\(Event.columnNames.joined(separator: ", ")))
                        VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ", ")))
                        """, arguments: StatementArguments(event.databaseValues(orgZone: org.timeZone)))
                }
                event.version = remote.version
                try EventStore.setVersion(remote.version, of: key, db)
                // Deleted on both sides: nothing left to send.
                if !(event.deleted && remote.deleted) {
                    try EventStore.appendOutbox(for: event, baseVersion: remote.version, db)
                }
            }
        }
        try db.execute(sql: "DELETE FROM syncConflict WHERE id = ?", arguments: [conflictId])
        try DataGeneration.bumpPulls(db)
    }
}
