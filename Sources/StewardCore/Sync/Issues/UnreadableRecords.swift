import Foundation
import GRDB
import Translation

/// A pulled record this console could not read: its type's rules refused the fields (a store
/// with other rules, or a record written before a rule changed), or it cannot be kept under its
/// id (one that is no UUID, or one another organization of this console already uses). It is
/// kept, never skipped, and shown on the Sync page until a later version of the record reads.
public struct UnreadableRecord: Hashable, Sendable, Identifiable {
    public var entity: String
    /// The record's id as the store sent it (lower-case for a UUID).
    public var key: String
    public var version: Int64
    public var record: RemoteRecord?
    public var reason: String
    public var receivedAt: Date

    public var id: String { entity + "/" + key }

    /// The record's id; nil for one that is no UUID.
    public var recordId: UUID? { UUID(uuidString: key) }

    /// The record's title as received, when it has one.
    public var title: String {
        guard let record, let type = RecordTypes.named(entity) else { return "" }
        return type.title(of: record.fields)
    }
}

public enum UnreadableRecords {
    public static func all(orgId: UUID, _ db: Database) throws -> [UnreadableRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM unreadableRecord WHERE orgId = ? ORDER BY receivedAt, entity, recordId",
                         arguments: [UUIDColumn.encode(orgId)]).map { row in
            let text: String = row["record"]
            return UnreadableRecord(entity: row["entity"], key: row["recordId"], version: row["version"],
                                    record: try? JSONDecoder().decode(RemoteRecord.self, from: Data(text.utf8)),
                                    reason: Gettext.lookup(declared: row["reason"]), receivedAt: row["receivedAt"])
        }
    }

    public static func count(orgId: UUID, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM unreadableRecord WHERE orgId = ?",
                         arguments: [UUIDColumn.encode(orgId)]) ?? 0
    }

    static func keep(_ record: RemoteRecord, orgId: UUID, reason: String, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO unreadableRecord (orgId, entity, recordId, version, record, reason, receivedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (entity, recordId) DO UPDATE SET
                orgId = excluded.orgId, version = excluded.version, record = excluded.record, reason = excluded.reason,
                receivedAt = excluded.receivedAt
            """, arguments: [UUIDColumn.encode(orgId), record.entity, record.id, record.version,
                             record.conflictLine, reason, Date.storedNow])
    }

    /// Why a pulled record cannot be kept under its id. Stored in English and shown translated.
    static let idNotUUID = trLater("its id is not a UUID, which every record of this console has; a later version of Steward may read it")
    static let idOfAnotherOrganization = trLater("its id is already used by a record of another organization on this console")

    static func forget(entity: String, recordId: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM unreadableRecord WHERE entity = ? AND recordId = ?")
            .execute(arguments: [entity, recordId])
    }

    /// After a full pull: records the store no longer has are no longer a problem.
    static func dropUnseen(orgId: UUID, _ db: Database) throws {
        let org = UUIDColumn.encode(orgId)
        try db.execute(sql: """
            DELETE FROM unreadableRecord WHERE orgId = ?
              AND NOT EXISTS (SELECT 1 FROM resyncSeen AS s WHERE s.orgId = ? AND s.entity = unreadableRecord.entity
                                                             AND s.recordId = unreadableRecord.recordId)
            """, arguments: [org, org])
    }
}

extension SyncEngine {
    /// The organization's pulled records this console could not read, oldest first.
    public func unreadableRecords(org: Organization) async throws -> [UnreadableRecord] {
        try await database.writer.read { db in try UnreadableRecords.all(orgId: org.id, db) }
    }
}
