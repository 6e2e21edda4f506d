import Foundation
import GRDB

/// Where the console keeps submissions: the shared record table, plus the line the approval
/// queue lists and searches (table `submissionLine`), written in the same transaction, so the
/// queue of 10,000 opens without parsing any record.
public struct SubmissionRecordStorage: LocalRecordStorage {
    private let records = SharedRecordStorage()

    public init() {}

    public func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord? {
        try records.fetch(entity: entity, id: id, db)
    }

    public func write(_ record: LocalRecord, org: Organization, _ db: Database) throws {
        try records.write(record, org: org, db)
        try Self.writeLine(record, db)
    }

    public func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws {
        try records.setVersion(version, entity: entity, id: id, db)
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try records.remove(entity: entity, id: id, db)
        try db.execute(sql: "DELETE FROM submissionLine WHERE id = ?", arguments: [id])
    }

    public func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try records.all(entity: entity, orgId: orgId, db)
    }

    public func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        let dropped = try records.dropUnseen(entity: entity, orgId: orgId, throughVersion: throughVersion, db)
        try db.execute(sql: """
            DELETE FROM submissionLine WHERE orgId = ?
              AND id NOT IN (SELECT id FROM record WHERE entity = ? AND orgId = ? AND deleted = 0)
            """, arguments: [UUIDColumn.encode(orgId), entity, UUIDColumn.encode(orgId)])
        return dropped
    }

    /// The queue's line of a submission (none for a deleted one).
    static func writeLine(_ record: LocalRecord, _ db: Database) throws {
        guard !record.deleted else {
            try db.execute(sql: "DELETE FROM submissionLine WHERE id = ?", arguments: [record.key])
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
}
