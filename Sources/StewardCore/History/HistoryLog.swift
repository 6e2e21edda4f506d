import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// Writes the history table, inside the caller's transaction: local edits with the outbox entry
/// they came with, pulled changes with the version and author the store gave them.
enum HistoryLog {
    /// A local edit of `recordId`: the fields went from `old` to `new` (nil: no record, or deleted).
    /// Nothing is written when no field changed and the record neither appeared nor went away.
    static func recordLocal(orgId: UUID, entity: String, recordId: UUID, old: JSONValue?, new: JSONValue?,
                            author: String, at: Date, outboxSeq: Int64, _ db: Database) throws {
        let changesText: String
        if old == nil, new != nil {
            // A creation: its fields are the outbox entry's payload, read from there until the
            // entry leaves the outbox (see `Migrations.registerCreationHistory`).
            changesText = pendingCreation
        } else {
            let changes = HistoryEntry.changes(from: old, to: new)
            if changes.isEmpty && (old == nil) == (new == nil) { return }
            changesText = FieldChangesText.text(changes)
        }
        try insert(orgId: orgId, entity: entity, recordId: UUIDColumn.encode(recordId), author: author,
                   origin: .console, at: at, operation: new == nil ? .delete : .upsert, changesText: changesText,
                   version: nil, outboxSeq: outboxSeq, db)
    }

    /// The `changes` of a local creation whose outbox entry holds its fields.
    static let pendingCreation = ""

    /// A change pulled from the store (or a store version put back in place of a local one),
    /// unless the history already has that version of the record: our own pushed change comes
    /// back in the feed with the version its push result gave it.
    static func recordPulled(orgId: UUID, record: RemoteRecord, old: JSONValue?, _ db: Database) throws {
        let exists = try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM recordHistory WHERE entity = ? AND recordId = ? AND version = ?)
            """), arguments: [record.entity, record.id, record.version]) ?? false
        if exists { return }
        let at = record.changedAt.map { Date(timeIntervalSince1970: Double($0) / 1000) } ?? .storedNow
        try insert(orgId: orgId, entity: record.entity, recordId: record.id, author: record.changedBy ?? HistoryAuthor.storeAuthor,
                   origin: .store, at: at, operation: record.deleted ? .delete : .upsert,
                   changesText: FieldChangesText.text(HistoryEntry.changes(from: old, to: record.deleted ? nil : record.fields)),
                   version: record.version, outboxSeq: nil, db)
    }

    /// The push result for outbox entry `seq` gave the record `version`: the local edits that
    /// entry carried (itself and the older entries it was coalesced from) take that version.
    static func confirm(entity: String, recordId: String, throughOutboxSeq seq: Int64, version: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE recordHistory SET version = ?, outboxSeq = NULL
            WHERE entity = ? AND recordId = ? AND version IS NULL AND outboxSeq <= ?
            """).execute(arguments: [version, entity, recordId, seq])
    }

    /// Local edits of the record that will never reach the store (the store's version was kept
    /// instead): they leave the history with them.
    static func dropPending(entity: String, recordId: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM recordHistory WHERE entity = ? AND recordId = ? AND version IS NULL",
                       arguments: [entity, recordId])
    }

    /// Who a local edit is by: the staff member signed in for the organization, else this
    /// console and the person logged in to the computer.
    static func localAuthor(orgId: UUID, _ db: Database) throws -> String {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT staffEmail, signedIn FROM remote WHERE orgId = ?"),
                                   arguments: [UUIDColumn.encode(orgId)])
        if let row, row["signedIn"] as Bool? == true, let email = row["staffEmail"] as String? {
            return email
        }
        return HistoryAuthor.consoleAuthor(login: loginName)
    }

    static let loginName: String = {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            return String(cString: name)
        }
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"] ?? environment["LOGNAME"] ?? "unknown user"
    }()

    private static func insert(orgId: UUID, entity: String, recordId: String, author: String,
                               origin: RecordHistoryEntry.Origin, at: Date, operation: Mutation.Operation,
                               changesText: String, version: Int64?, outboxSeq: Int64?, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO recordHistory (orgId, entity, recordId, author, origin, at, operation, changes, version, outboxSeq)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                UUIDColumn.encode(orgId), entity, recordId, author, origin.rawValue, DateTimeText.storage(at),
                operation.rawValue, changesText, version, outboxSeq,
            ])
    }
}
