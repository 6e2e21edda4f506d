import Foundation
import GRDB
import Translation

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
        let (conflict, org) = try conflictAndOrg(conflictId, db)
        guard let remote = conflict.remote else { throw SyncError.remoteSideUnknown(conflictId) }
        let key = UUIDColumn.encode(conflict.recordId)
        let storage = RecordTypes.storage(for: conflict.entity)
        // Edits waiting behind the conflict are settled by the choice made here.
        try db.execute(sql: "DELETE FROM outbox WHERE entity = ? AND recordId = ? AND mutationId IS NULL",
                       arguments: [conflict.entity, key])
        let existing = try storage.fetch(entity: conflict.entity, id: key, db)
        switch choice {
        case .remote:
            // The local edits will never reach the store: they leave the history too.
            try HistoryLog.dropPending(entity: conflict.entity, recordId: key, db)
            if case .invalid(let message) = try RemoteApply.overwrite(with: remote, existing: existing, org: org, db) {
                let url = try Remote.fetch(orgId: org.id, db)?.url ?? tr("(not connected)")
                throw SyncError.invalidAnswer(url: url, message: tr("its record does not validate: {problem}", ["problem": message]))
            }
        case .local:
            // A conflicted record is never dropped, but should its row be missing, the fields
            // the conflict kept are at hand.
            var record = existing ?? LocalRecord(entity: conflict.entity, id: conflict.recordId, orgId: org.id,
                                                 deleted: conflict.localDeleted,
                                                 fields: conflict.localFields ?? .object([:]))
            record.version = remote.version
            try storage.write(record, org: org, db)
            // Deleted on both sides: nothing left to send.
            if !(record.deleted && remote.deleted) {
                try RecordWrites.appendOutbox(entity: record.entity, orgId: org.id, recordId: record.id,
                                              fields: record.liveFields, baseVersion: remote.version, at: .storedNow, db)
            }
        }
        try db.execute(sql: "DELETE FROM syncConflict WHERE id = ?", arguments: [conflictId])
        try DataGeneration.bumpPulls(db)
    }

    /// Settles a conflict by taking each field from the side chosen for it (`fields` maps a
    /// `ConflictField.key` to a side; fields not named take the store's value). The merged record
    /// is checked with the same rules as the editor: when it does not hold together, a
    /// `ValidationError` names the field and nothing changes. Otherwise it is sent like a kept
    /// local change (a new outbox entry based on the store's version); a merge that is the
    /// store's version throughout simply keeps the store's record.
    public func resolve(conflictId: Int64, fields choices: [String: ConflictFieldChoice]) async throws {
        try await database.writer.write { db in try Self.resolve(conflictId: conflictId, fields: choices, db) }
    }

    static func resolve(conflictId: Int64, fields choices: [String: ConflictFieldChoice], _ db: Database) throws {
        let (conflict, org) = try conflictAndOrg(conflictId, db)
        guard let type = RecordTypes.named(conflict.entity) else {
            throw ValidationError(field: "fields", message: tr(
                "this console does not know {entity} records: keep all of mine or all of theirs", ["entity": conflict.entity]))
        }
        let keys = type.conflicts.keys
        if let unknown = choices.keys.filter({ !keys.contains($0) }).sorted().first {
            throw ValidationError(field: "fields", message: tr(
                "\"{field}\" is not a field of {article} {noun}; the fields are {fields}",
                ["field": unknown, "article": article(type.nouns.one.english), "noun": type.noun,
                 "fields": keys.joined(separator: ", ")]))
        }
        guard let remote = conflict.remote else { throw SyncError.remoteSideUnknown(conflictId) }
        let key = UUIDColumn.encode(conflict.recordId)
        let local = try type.storage.fetch(entity: type.entity, id: key, db)
        if remote.deleted || (local?.deleted ?? conflict.localDeleted) {
            throw ValidationError(field: "fields", message: tr(
                "the {noun} was deleted on one side, so its fields cannot be mixed: keep all of mine or all of theirs",
                ["noun": type.noun]))
        }
        let theirs: JSONValue
        do {
            theirs = try type.validate(remote.fields, orgZone: org.timeZone)
        } catch {
            let url = try Remote.fetch(orgId: org.id, db)?.url ?? tr("(not connected)")
            throw SyncError.invalidAnswer(url: url, message: tr("its record does not validate: {problem}",
                                                                ["problem": error.description]))
        }
        let mine = local?.fields ?? conflict.localFields ?? theirs
        let merged = try type.conflicts.merge(mine: mine, theirs: theirs, choices: choices, type: type, zone: org.timeZone)
        if merged == theirs {
            try resolve(conflictId: conflictId, keep: .remote, db)
            return
        }
        // Edits waiting behind the conflict were part of "mine": the merge replaces them.
        try db.execute(sql: "DELETE FROM outbox WHERE entity = ? AND recordId = ? AND mutationId IS NULL",
                       arguments: [conflict.entity, key])
        let previous = local ?? LocalRecord(entity: type.entity, id: conflict.recordId, orgId: org.id, fields: mine)
        var record = previous
        record.fields = merged
        record.deleted = false
        record.version = remote.version
        record.updatedAt = .storedNow
        try RecordWrites.save(record, previous: previous, org: org, db)
        try db.execute(sql: "DELETE FROM syncConflict WHERE id = ?", arguments: [conflictId])
        try DataGeneration.bumpPulls(db)
    }

    static func conflictAndOrg(_ conflictId: Int64, _ db: Database) throws -> (SyncConflict, Organization) {
        guard let conflict = try SyncIssues.conflict(id: conflictId, db),
              let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?",
                                                  arguments: [UUIDColumn.encode(conflict.orgId)])
        else { throw SyncError.conflictNotFound(conflictId) }
        return (conflict, org)
    }
}

/// "a" or "an", for messages that name a record type: chosen by the English noun, then
/// translated (a language without articles can leave it empty).
func article(_ englishNoun: String) -> String {
    guard let first = englishNoun.lowercased().first, "aeiou".contains(first) else {
        return trc("indefinite article before a record noun", "a")
    }
    return trc("indefinite article before a record noun", "an")
}
