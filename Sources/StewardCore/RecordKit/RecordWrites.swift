import Foundation
import GRDB

/// A local edit of any record type, inside the caller's transaction: the row, its outbox entry
/// and its history entry are written together, so a change, its record of what to send and its
/// place in the record's history are never apart.
enum RecordWrites {
    /// Writes `record` (new when `previous` is nil) through its type's storage.
    static func save(_ record: LocalRecord, previous: LocalRecord?, org: Organization, author: String? = nil,
                     _ db: Database) throws {
        try RecordTypes.storage(for: record.entity).write(record, org: org, db)
        try recordLocalChange(entity: record.entity, orgId: record.orgId, recordId: record.id,
                              fields: record.liveFields, previous: previous?.liveFields,
                              baseVersion: record.version, at: record.updatedAt, author: author, db)
    }

    /// The outbox entry, then the history entry that points at it. `fields` nil: a delete.
    /// What is made alongside it comes here too, behind it in the outbox (`MadeAlongside`: an
    /// event that gives stamps gets its check-in key), whichever way the record was written.
    static func recordLocalChange(entity: String, orgId: UUID, recordId: UUID, fields: JSONValue?, previous: JSONValue?,
                                  baseVersion: Int64, at: Date, author: String?, _ db: Database) throws {
        let seq = try appendOutbox(entity: entity, orgId: orgId, recordId: recordId, fields: fields,
                                   baseVersion: baseVersion, at: at, db)
        let author = try author ?? HistoryLog.localAuthor(orgId: orgId, db)
        try HistoryLog.recordLocal(orgId: orgId, entity: entity, recordId: recordId, old: previous, new: fields,
                                   author: author, at: at, outboxSeq: seq, db)
        if let fields {
            try RecordTypes.makeAlongside(entity, recordId: recordId, fields: fields, orgId: orgId, author: author, db)
        }
    }

    /// Appends an outbox entry; returns its sequence number. Also used alone, with the base
    /// version given, when a conflict is resolved for the local side.
    @discardableResult
    static func appendOutbox(entity: String, orgId: UUID, recordId: UUID, fields: JSONValue?, baseVersion: Int64,
                             at: Date, _ db: Database) throws -> Int64 {
        try db.cachedStatement(sql: """
            INSERT INTO outbox (orgId, entity, recordId, operation, payload, baseVersion, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                UUIDColumn.encode(orgId), entity, UUIDColumn.encode(recordId),
                (fields == nil ? OutboxEntry.Operation.delete : .upsert).rawValue,
                fields?.canonicalText ?? "null", baseVersion, DateTimeText.storage(at),
            ])
        return db.lastInsertedRowID
    }
}
