import Foundation
import GRDB
import Translation

/// What became of one pulled record.
enum RemoteApplyOutcome: Equatable {
    /// The local row now holds the store's record.
    case applied
    /// The local row already had this version (or a newer one).
    case unchanged
    /// A local edit waits to be sent, or a conflict to be resolved: the local row is kept.
    case keptLocal
    /// The fields do not pass this console's rules, or the record cannot be kept under its id
    /// (one that is no UUID, another organization's): kept as an unreadable record to show,
    /// the local rows unchanged.
    case invalid(String)
}

/// Writes that come from the store, for every record type: unlike a local edit they add no
/// outbox entry (the store already has them). Callers run them inside the transaction that also
/// stores what justifies them (the pull cursor, the push result) and bump
/// `DataGeneration.bumpPulls` there.
enum RemoteApply {
    /// Applies one pulled record, unless the local row has a pending edit or an open conflict.
    /// `sameStore` false: the local row's version came from another store, so the two versions
    /// say nothing about which is newer and the store's record is taken unless it is the same.
    static func apply(_ record: RemoteRecord, org: Organization, sameStore: Bool = true,
                      _ db: Database) throws -> RemoteApplyOutcome {
        guard let id = UUID(uuidString: record.id) else { return try keepUnreadable(record, org: org, UnreadableRecords.idNotUUID, db) }
        let key = UUIDColumn.encode(id)
        // Read first: another organization's row, its waiting edit or its conflict under the
        // same id are not this record's.
        let existing = try RecordTypes.storage(for: record.entity).fetch(entity: record.entity, id: key, db)
        if let existing, existing.orgId != org.id {
            return try keepUnreadable(record, org: org, UnreadableRecords.idOfAnotherOrganization, db)
        }
        if try SyncIssues.hasConflict(entity: record.entity, recordId: key, db) {
            // Keep the store's newest record beside the conflict, so resolving sees it.
            try db.execute(sql: """
                UPDATE syncConflict SET remoteRecord = ?
                WHERE entity = ? AND recordId = ?
                  AND (remoteRecord IS NULL OR json_extract(remoteRecord, '$.version') < ?)
                """, arguments: [record.conflictLine, record.entity, key, record.version])
            return .keptLocal
        }
        if try SyncIssues.hasOutbox(entity: record.entity, recordId: key, db) { return .keptLocal }
        if let existing {
            if !sameStore {
                if existing.version == record.version && existing.fields == record.fields { return .unchanged }
                return try overwrite(with: record, existing: existing, org: org, db)
            }
            if existing.version > record.version { return .unchanged }
            // A decision on what the store makes (a submission's status) is applied by the store
            // with more than was sent (the trail, the reviewer): the local copy at the version
            // the push answered is only the console's guess until the pull brings the store's.
            let guessed = RecordTypes.named(record.entity)?.isMadeByStore == true && existing.fields != record.fields
            if existing.version == record.version && !guessed { return .unchanged }
        }
        return try overwrite(with: record, existing: existing, org: org, db)
    }

    /// Keeps a record that cannot be stored under its id as unreadable, so the cursor moves on
    /// without skipping it: counted and shown like one whose fields the rules refuse.
    private static func keepUnreadable(_ record: RemoteRecord, org: Organization, _ reason: Translatable,
                                       _ db: Database) throws -> RemoteApplyOutcome {
        try UnreadableRecords.keep(record, orgId: org.id, reason: reason.english, db)
        return .invalid(reason.english)
    }

    /// Makes the local row the store's record, whatever the local state (resolving a conflict
    /// or discarding a rejected change for the store's side).
    static func overwrite(with record: RemoteRecord, existing: LocalRecord?, org: Organization,
                          _ db: Database) throws -> RemoteApplyOutcome {
        guard let id = UUID(uuidString: record.id) else { return try keepUnreadable(record, org: org, UnreadableRecords.idNotUUID, db) }
        let key = UUIDColumn.encode(id)
        var fields = record.fields
        if record.deleted {
            fields = existing?.fields ?? .object([:])
        } else if let type = RecordTypes.named(record.entity) {
            do {
                fields = try type.validate(record.fields, orgZone: org.timeZone)
            } catch {
                try UnreadableRecords.keep(record, orgId: org.id, reason: error.description, db)
                return .invalid(error.description)
            }
        }
        // A type this console does not know is kept as received, to be shown once it does.
        let now = Date.storedNow
        let local = LocalRecord(entity: record.entity, id: id, orgId: org.id, version: record.version,
                                createdAt: existing?.createdAt ?? now, updatedAt: now, deleted: record.deleted,
                                fields: fields)
        try RecordTypes.storage(for: record.entity).write(local, org: org, db)
        try UnreadableRecords.forget(entity: record.entity, recordId: key, db)
        var recorded = record
        recorded.id = key
        try HistoryLog.recordPulled(orgId: org.id, record: recorded, old: existing?.liveFields, db)
        if record.entity == RecordType.moduleChoice.entity, !record.deleted {
            try ModuleChoice.adopt(fields, org: org, db)
        }
        if record.entity == RecordType.submission.entity,
           record.deleted || SubmissionRecord(fields: fields).status != .approved {
            try ApprovalService.withdrawShownEvent(submissionId: key, org: org, db)
        }
        return .applied
    }
}
