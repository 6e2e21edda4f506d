import Foundation
import GRDB

/// A local change the store refused because its record had changed there. Both sides are kept
/// until someone chooses (`SyncEngine.resolve`); meanwhile the record is neither pushed nor
/// overwritten by pulls.
public struct SyncConflict: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var orgId: UUID
    public var entity: String
    public var recordId: UUID
    /// What the person typed (nil for a delete).
    public var localFields: JSONValue?
    public var localDeleted: Bool
    /// The store's record, newest known; nil until the store has shown it.
    public var remote: RemoteRecord?
    public var createdAt: Date
}

/// Which side of a conflict wins.
public enum ConflictChoice: String, Hashable, Sendable {
    /// The local edit is sent again, based on the store's version.
    case local
    /// The local record takes the store's fields and version.
    case remote
}

/// A local change the store can never apply (invalid fields, unknown record...). It is shown,
/// not retried.
public struct DeadLetter: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var orgId: UUID
    public var entity: String
    public var recordId: UUID
    public var mutationId: Int64
    public var operation: String
    public var payload: String
    public var reason: String
    public var createdAt: Date
}

extension SyncConflict: FetchableRecord {
    public init(row: Row) throws {
        id = row["id"]
        orgId = try UUIDColumn.decode(row["orgId"])
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        let local: String = row["localFields"]
        localFields = local == "null" ? nil : try? JSONValue.parse(local)
        localDeleted = row["localDeleted"]
        let remoteText: String? = row["remoteRecord"]
        remote = remoteText.flatMap { try? JSONDecoder().decode(RemoteRecord.self, from: Data($0.utf8)) }
        createdAt = row["createdAt"]
    }
}

extension DeadLetter: FetchableRecord {
    public init(row: Row) throws {
        id = row["id"]
        orgId = try UUIDColumn.decode(row["orgId"])
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        mutationId = row["mutationId"]
        operation = row["operation"]
        payload = row["payload"]
        reason = row["reason"]
        createdAt = row["createdAt"]
    }
}

/// Reading what sync left for people to look at.
public enum SyncIssues {
    public static func conflicts(orgId: UUID, _ db: Database) throws -> [SyncConflict] {
        try SyncConflict.fetchAll(db, sql: "SELECT * FROM syncConflict WHERE orgId = ? ORDER BY id",
                                  arguments: [UUIDColumn.encode(orgId)])
    }

    public static func conflict(id: Int64, _ db: Database) throws -> SyncConflict? {
        try SyncConflict.fetchOne(db, sql: "SELECT * FROM syncConflict WHERE id = ?", arguments: [id])
    }

    public static func deadLetter(id: Int64, _ db: Database) throws -> DeadLetter? {
        try DeadLetter.fetchOne(db, sql: "SELECT * FROM deadLetter WHERE id = ?", arguments: [id])
    }

    public static func deadLetters(orgId: UUID, _ db: Database) throws -> [DeadLetter] {
        try DeadLetter.fetchAll(db, sql: "SELECT * FROM deadLetter WHERE orgId = ? ORDER BY id",
                                arguments: [UUIDColumn.encode(orgId)])
    }

    static func hasConflict(entity: String, recordId: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM syncConflict WHERE entity = ? AND recordId = ?)"),
                          arguments: [entity, recordId]) ?? false
    }

    static func hasOutbox(entity: String, recordId: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE entity = ? AND recordId = ?)"),
                          arguments: [entity, recordId]) ?? false
    }
}

/// The console's side of the canonical dump: byte-identical to the store's
/// (`steward-store dump --org SLUG`) when both hold the same records.
public enum SyncDump {
    /// Every record of the organization, of every type, tombstones included, at its local version.
    public static func records(orgId: UUID, _ db: Database) throws -> [RemoteRecord] {
        try RecordTypes.allRecords(orgId: orgId, db).map { record in
            RemoteRecord(entity: record.entity, id: record.key, version: record.version,
                         deleted: record.deleted, fields: record.fields)
        }
    }

    public static func canonical(orgId: UUID, _ db: Database) throws -> String {
        RemoteRecord.canonicalDump(try records(orgId: orgId, db))
    }

    public static func canonical(orgId: UUID, database: AppDatabase) async throws -> String {
        try await database.writer.read { db in try canonical(orgId: orgId, db) }
    }
}

extension RemoteRecord {
    /// How a conflict keeps the store's record: its canonical line, plus who made that version
    /// and when (for the history when the store's side is kept).
    var conflictLine: String {
        var members: [String: JSONValue] = [
            "entity": .string(entity), "id": .string(id), "version": .int(version),
            "deleted": .bool(deleted), "fields": deleted ? .object([:]) : fields,
        ]
        if let changedBy { members["changedBy"] = .string(changedBy) }
        if let changedAt { members["changedAt"] = .int(changedAt) }
        return JSONValue.object(members).canonicalText
    }
}
