import Foundation
import GRDB

/// Where the console keeps submissions: the shared record table, plus the line the approval
/// queue lists and searches (table `submissionLine`), written in the same transaction, so the
/// queue of 10,000 opens without parsing any record.
public typealias SubmissionRecordStorage = SideTableStorage<SubmissionQueueLines>

/// The approval queue's lines as a side table of the record table.
public struct SubmissionQueueLines: RecordSideTable {
    public init() {}

    /// The queue's line of a submission (none for a deleted one).
    public func write(_ record: LocalRecord, _ db: Database) throws {
        guard !record.deleted else {
            try remove(entity: record.entity, id: record.key, db)
            return
        }
        let submission = SubmissionRecord(fields: record.fields)
        let submittedAt = record.fields["submittedAt"]?.stringValue ?? ""
        let line = QueueRow.line(title: submission.title, submitter: submission.submitterName,
                                 email: submission.submitterEmail, submittedAt: submittedAt,
                                 startsAt: record.fields["startsAt"]?.stringValue ?? "",
                                 place: record.fields["locationName"]?.stringValue ?? "", reReview: submission.isReReview)
        try db.cachedStatement(sql: """
            INSERT INTO submissionLine (id, orgId, status, submittedAt, line) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET status = excluded.status, submittedAt = excluded.submittedAt,
                line = excluded.line
            """).execute(arguments: [record.key, UUIDColumn.encode(record.orgId), submission.status.rawValue,
                                     submittedAt, line])
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM submissionLine WHERE id = ?", arguments: [id])
    }

    public func removeLinesWithoutLiveRecords(entity: String, orgId: UUID, _ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM submissionLine WHERE orgId = ?
              AND id NOT IN (SELECT id FROM record WHERE entity = ? AND orgId = ? AND deleted = 0)
            """, arguments: [UUIDColumn.encode(orgId), entity, UUIDColumn.encode(orgId)])
    }
}
