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
                // The local edits will never reach the store: they leave the history too.
                try HistoryLog.dropPending(entity: conflict.entity, recordId: key, db)
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

    /// Settles a conflict by taking each field from the side chosen for it (`fields` maps a
    /// `ConflictField.key` to a side; fields not named take the store's value). The merged event
    /// is checked with the same rules as the editor: when it does not hold together, a
    /// `ValidationError` names the field and nothing changes. Otherwise it is sent like a kept
    /// local change (a new outbox entry based on the store's version); a merge that is the
    /// store's version throughout simply keeps the store's record.
    public func resolve(conflictId: Int64, fields choices: [String: ConflictFieldChoice]) async throws {
        try await database.writer.write { db in try Self.resolve(conflictId: conflictId, fields: choices, db) }
    }

    static func resolve(conflictId: Int64, fields choices: [String: ConflictFieldChoice], _ db: Database) throws {
        guard let conflict = try SyncIssues.conflict(id: conflictId, db),
              let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                  arguments: [UUIDColumn.encode(conflict.orgId)])
        else { throw SyncError.conflictNotFound(conflictId) }
        let unknown = choices.keys.filter { !ConflictFields.keys.contains($0) }.sorted()
        if let first = unknown.first {
            throw ValidationError(field: "fields", message: "\"\(first)\" is not a field of an event; the fields are "
                                  + ConflictFields.all.map(\.key).joined(separator: ", "))
        }
        guard let remote = conflict.remote else { throw SyncError.remoteSideUnknown(conflictId) }
        let key = UUIDColumn.encode(conflict.recordId)
        let local = try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?", arguments: [key])
        if remote.deleted || (local?.deleted ?? conflict.localDeleted) {
            throw ValidationError(field: "fields", message: "the event was deleted on one side, so its fields cannot be mixed: keep all of mine or all of theirs")
        }
        let theirs: EventDetails
        do {
            theirs = try EventDetails(syncFields: remote.fields)
        } catch {
            let url = try Remote.fetch(orgId: org.id, db)?.url ?? "(not connected)"
            throw SyncError.invalidAnswer(url: url, message: "its record does not validate: \(error.description)")
        }
        let mine = try local?.details ?? conflict.localFields.map { try EventDetails(syncFields: $0) } ?? theirs
        let merged = try ConflictFields.merge(mine: mine, theirs: theirs, choices: choices, orgZone: org.timeZone)
        if merged.syncFields == theirs.syncFields {
            try resolve(conflictId: conflictId, keep: .remote, db)
            return
        }
        // Edits waiting behind the conflict were part of "mine": the merge replaces them.
        try db.execute(sql: "DELETE FROM outbox WHERE entity = ? AND recordId = ? AND mutationId IS NULL",
                       arguments: [conflict.entity, key])
        var event = local ?? Event(id: conflict.recordId, orgId: org.id, details: mine)
        if local == nil {
            try db.execute(sql: """
                INSERT INTO event (\(Event.columnNames.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ", ")))
                """, arguments: StatementArguments(event.databaseValues(orgZone: org.timeZone)))
        }
        let previous = event
        event.details = merged
        event.deleted = false
        event.version = remote.version
        event.updatedAt = .storedNow
        try EventStore.save(event, previous: previous, orgZone: org.timeZone, db)
        try db.execute(sql: "DELETE FROM syncConflict WHERE id = ?", arguments: [conflictId])
        try DataGeneration.bumpPulls(db)
    }
}
