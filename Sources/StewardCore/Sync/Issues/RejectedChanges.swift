import Foundation
import GRDB
import Translation

/// A change the store refused for good (a dead letter), as the sync page lists it.
public struct RejectedChange: Hashable, Sendable, Identifiable {
    /// The dead letter's id, for `discard` and `retry`.
    public var id: Int64
    public var entity: String
    public var recordId: UUID
    /// The record's title as the change had it (or as the console has it now).
    public var title: String
    /// The store's reason, in its words.
    public var reason: String
    /// When the store refused it.
    public var at: Date
    public var operation: Mutation.Operation
    /// What was sent, to start a corrected version from; nil for a delete.
    public var fields: JSONValue?
}

extension SyncEngine {
    /// The organization's rejected changes, oldest first.
    public func rejectedChanges(org: Organization) async throws -> [RejectedChange] {
        try await database.writer.read { db in
            try SyncIssues.deadLetters(orgId: org.id, db).map { letter in
                let fields = letter.payload == "null" ? nil : try? JSONValue.parse(letter.payload)
                let type = RecordTypes.named(letter.entity)
                let local = try RecordTypes.storage(for: letter.entity)
                    .fetch(entity: letter.entity, id: UUIDColumn.encode(letter.recordId), db)
                let title = [fields, local?.fields].compactMap { $0.flatMap { type?.title(of: $0) } }
                    .first { !$0.isEmpty } ?? ""
                return RejectedChange(id: letter.id, entity: letter.entity, recordId: letter.recordId, title: title,
                                      reason: Gettext.lookup(declared: letter.reason), at: letter.createdAt,
                                      operation: letter.operation == "delete" ? .delete : .upsert, fields: fields)
            }
        }
    }

    /// Drops a rejected change: the record goes back to the store's version, and local edits of
    /// it made since (still waiting to be sent) go with it.
    ///
    /// The console keeps no copy of the store's version once a local edit has replaced the row,
    /// and the store's record may have moved on since that edit was based on it, so the store's
    /// version is fetched: the record's history, folded from its creation, is the store's current
    /// record. A record the store never had (version 0) is simply removed. When the history does
    /// not reach back to the record's creation (records older than the store's history), the row
    /// is marked as never synced and the next sync pulls the whole feed again, which brings it.
    /// Throws `SyncError` when the store cannot be asked; then nothing changes.
    public func discard(deadLetterId: Int64) async throws {
        let (letter, org, version) = try await database.writer.read { db in
            guard let letter = try SyncIssues.deadLetter(id: deadLetterId, db),
                  let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                      arguments: [UUIDColumn.encode(letter.orgId)])
            else { throw SyncError.deadLetterNotFound(deadLetterId) }
            let version = try RecordTypes.storage(for: letter.entity)
                .fetch(entity: letter.entity, id: UUIDColumn.encode(letter.recordId), db)?.version
            return (letter, org, version ?? 0)
        }
        let key = UUIDColumn.encode(letter.recordId)
        let storeRecord = version > 0 ? try await storeVersion(of: letter.entity, id: key, org: org) : nil
        try await database.writer.write { db in
            guard try SyncIssues.deadLetter(id: deadLetterId, db) != nil else { throw SyncError.deadLetterNotFound(deadLetterId) }
            if try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM outbox WHERE entity = ? AND recordId = ? AND mutationId IS NOT NULL)
                """, arguments: [letter.entity, key]) == true {
                throw SyncError.refused(url: try Remote.fetch(orgId: org.id, db)?.url ?? "", status: 409,
                                        message: tr("a later change of this record is being sent; sync, then discard"))
            }
            try db.execute(sql: "DELETE FROM outbox WHERE entity = ? AND recordId = ?", arguments: [letter.entity, key])
            try HistoryLog.dropPending(entity: letter.entity, recordId: key, db)
            let storage = RecordTypes.storage(for: letter.entity)
            let existing = try storage.fetch(entity: letter.entity, id: key, db)
            if version == 0 {
                // The store never had it: nothing to go back to.
                try storage.remove(entity: letter.entity, id: key, db)
                try db.execute(sql: "DELETE FROM recordHistory WHERE entity = ? AND recordId = ?",
                               arguments: [letter.entity, key])
            } else if let storeRecord,
                      case .applied = try RemoteApply.overwrite(with: storeRecord, existing: existing, org: org, db) {
                // In place.
            } else {
                try storage.setVersion(0, entity: letter.entity, id: key, db)
                try db.execute(sql: "UPDATE remote SET cursor = '' WHERE orgId = ?", arguments: [UUIDColumn.encode(org.id)])
            }
            try db.execute(sql: "DELETE FROM deadLetter WHERE id = ?", arguments: [deadLetterId])
            try DataGeneration.bumpPulls(db)
        }
    }

    /// The store's current record, from its history (nil when the history does not reach back
    /// to its creation). Under the sync lock: asking may renew the staff tokens.
    private func storeVersion(of entity: String, id: String, org: Organization) async throws -> RemoteRecord? {
        try await locked(org) { _, transport -> RemoteRecord? in
            let history: HistoryResponse
            do throws(SyncTransportError) {
                history = try await transport.history(entity: entity, recordId: id)
            } catch {
                throw Self.syncError(for: error, url: transport.storeURL, slug: org.slug)
            }
            return history.currentRecord(entity: entity, id: id)
        }
    }

    /// Sends a corrected version of a rejected change: `fields` (checked with the editor's
    /// rules; a `ValidationError` names the field and changes nothing) become the record's, with
    /// a new outbox entry, and the rejected change goes.
    public func retry(deadLetterId: Int64, fields: JSONValue) async throws {
        try await database.writer.write { db in
            guard let letter = try SyncIssues.deadLetter(id: deadLetterId, db),
                  let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                      arguments: [UUIDColumn.encode(letter.orgId)])
            else { throw SyncError.deadLetterNotFound(deadLetterId) }
            guard let type = RecordTypes.named(letter.entity) else {
                throw ValidationError(field: "fields", message: tr("this console does not know {entity} records", ["entity": letter.entity]))
            }
            let checked = try type.validate(fields, orgZone: org.timeZone)
            let key = UUIDColumn.encode(letter.recordId)
            let existing = try type.storage.fetch(entity: type.entity, id: key, db)
            var record = existing ?? LocalRecord(entity: type.entity, id: letter.recordId, orgId: org.id, fields: checked)
            record.fields = checked
            record.deleted = false
            record.updatedAt = .storedNow
            try RecordWrites.save(record, previous: existing, org: org, db)
            try db.execute(sql: "DELETE FROM deadLetter WHERE id = ?", arguments: [deadLetterId])
        }
    }

    /// `retry(deadLetterId:fields:)` for an event, from the event editor's details.
    public func retry(deadLetterId: Int64, details: EventDetails) async throws {
        try await retry(deadLetterId: deadLetterId, fields: details.syncFields)
    }
}

extension HistoryResponse {
    /// The record as its history leaves it: each change applied in turn from its creation. Nil
    /// when the history does not start with the record's creation (it was created before the
    /// store kept history), since the fields it never changed would be missing.
    func currentRecord(entity: String, id: String) -> RemoteRecord? {
        guard let first = entries.first, first.changes.allSatisfy({ $0.old == nil }), first.operation == .upsert,
              let last = entries.last else { return nil }
        var fields: [String: JSONValue] = [:]
        for entry in entries {
            if entry.operation == .delete {
                fields = [:]
                continue
            }
            for change in entry.changes {
                fields[change.field] = change.new ?? .null
            }
        }
        return RemoteRecord(entity: entity, id: id, version: last.version, deleted: last.operation == .delete,
                            fields: .object(fields), changedBy: last.author, changedAt: last.at)
    }
}
