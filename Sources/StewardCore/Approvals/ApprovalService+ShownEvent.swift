import Foundation
import GRDB

extension ApprovalService {
    /// Writes, in the approval's transaction, the event the store will publish under the
    /// submission's id, so Events lists it at once. It is the store's record shown ahead of the
    /// store: version 0 and no outbox entry, so nothing sends it and the next pull replaces it
    /// by the store's event (a pulled version is always above 0), with no conflict.
    ///
    /// A re-review (an event already stands under the id, perhaps edited by staff) leaves that
    /// event alone until the pull brings the store's, which lays only the submitter's changed
    /// fields over it. A proposal that is no event writes nothing: the store refuses that
    /// approval, and nothing it did not publish is shown.
    static func showPublishedEvent(of submission: SubmissionRecord, id: UUID, org: Organization, _ db: Database) throws {
        let storage = RecordTypes.storage(for: RecordType.event.entity)
        guard try storage.fetch(entity: RecordType.event.entity, id: UUIDColumn.encode(id), db) == nil,
              let fields = try? submission.publishedEvent(over: nil, orgZone: org.timeZone)
        else { return }
        let event = LocalRecord(entity: RecordType.event.entity, id: id, orgId: org.id, version: 0, fields: fields)
        try storage.write(event, org: org, db)
        // Written without an outbox entry, like a pulled change: caches must read it again.
        try DataGeneration.bumpPulls(db)
    }

    /// Whether `record` is an event shown ahead of the store: never sent (version 0) and
    /// with nothing waiting to go (an event made here always has an outbox entry until the
    /// store numbers it).
    static func isShownAheadOfTheStore(_ record: LocalRecord, _ db: Database) throws -> Bool {
        guard record.entity == RecordType.event.entity, record.version == 0, !record.deleted else { return false }
        return try !SyncIssues.hasOutbox(entity: record.entity, recordId: record.key, db)
    }

    /// Removes the event shown ahead of the store under a submission's id when the store did
    /// not approve it (its answer was a refusal or a conflict, or the pull brings the
    /// submission back not approved): nothing the store did not publish stays here.
    static func withdrawShownEvent(submissionId: String, org: Organization, _ db: Database) throws {
        let storage = RecordTypes.storage(for: RecordType.event.entity)
        guard let event = try storage.fetch(entity: RecordType.event.entity, id: submissionId, db),
              event.orgId == org.id, try isShownAheadOfTheStore(event, db)
        else { return }
        try storage.remove(entity: RecordType.event.entity, id: submissionId, db)
        try DataGeneration.bumpPulls(db)
    }
}
