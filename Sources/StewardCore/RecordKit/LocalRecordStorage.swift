import Foundation
import GRDB

/// Where the console keeps one record type's rows. Most types share the `record` table
/// (`SharedRecordStorage`); a type with its own table and indexes (events: 100,000 rows listed
/// and searched within a frame) brings its own. These calls write rows only: the outbox and
/// history entries that go with a local edit are `RecordWrites`' job, so that every type gets
/// them the same way.
public protocol LocalRecordStorage: Sendable {
    func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord?
    /// Inserts, or replaces the row with the same id.
    func write(_ record: LocalRecord, org: Organization, _ db: Database) throws
    func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws
    func remove(entity: String, id: String, _ db: Database) throws
    /// Every row of the organization, tombstones included (the canonical dump).
    func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord]
    /// After a full pull of the store the rows' versions came from: drops synced rows at
    /// `throughVersion` or before that the feed did not return (deleted there, their
    /// tombstones purged since), never one with a local edit or an open conflict. Returns how
    /// many went.
    func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int
    /// The organization's live rows whose `field` holds the text `value` (a default reads all).
    func live(entity: String, orgId: UUID, field: String, is value: String, _ db: Database) throws -> [LocalRecord]
    /// The organization's live rows with an item of the list field `list` whose `itemField` holds
    /// the text `value` (a default reads all).
    func live(entity: String, orgId: UUID, list: String, itemField: String, is value: String, _ db: Database) throws -> [LocalRecord]
}

extension LocalRecordStorage {
    /// The organization's live rows whose `field` holds the text `value`, for admission rules
    /// (a ride offer's other assignments). This default reads every row; a storage that can
    /// ask its database for them does.
    public func live(entity: String, orgId: UUID, field: String, is value: String, _ db: Database) throws -> [LocalRecord] {
        try all(entity: entity, orgId: orgId, db).filter { !$0.deleted && $0[field]?.stringValue == value }
    }

    /// The organization's live rows with a list item naming `value` (a profile's banners using a
    /// file). This default reads every row; a storage that can ask its database for them does.
    public func live(entity: String, orgId: UUID, list: String, itemField: String, is value: String, _ db: Database) throws -> [LocalRecord] {
        try all(entity: entity, orgId: orgId, db).filter { record in
            guard !record.deleted, case .array(let items)? = record[list] else { return false }
            return items.contains { $0[itemField]?.stringValue == value }
        }
    }
}

/// The `record` table: every type without a table of its own, and records of types this
/// console does not know yet (kept as received, shown once it learns them).
public struct SharedRecordStorage: LocalRecordStorage {
    public init() {}

    public func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM record WHERE entity = ? AND id = ?"),
                         arguments: [entity, id]).map(Self.record(from:))
    }

    public func write(_ record: LocalRecord, org: Organization, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (entity, id) DO UPDATE SET
                version = excluded.version, updatedAt = excluded.updatedAt,
                deleted = excluded.deleted, fields = excluded.fields
            """).execute(arguments: [
                record.entity, record.key, UUIDColumn.encode(record.orgId), record.version,
                DateTimeText.storage(record.createdAt), DateTimeText.storage(record.updatedAt),
                record.deleted, record.fields.canonicalText,
            ])
    }

    public func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE record SET version = ? WHERE entity = ? AND id = ?")
            .execute(arguments: [version, entity, id])
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM record WHERE entity = ? AND id = ?", arguments: [entity, id])
    }

    public func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM record WHERE entity = ? AND orgId = ?",
                         arguments: [entity, UUIDColumn.encode(orgId)]).map(Self.record(from:))
    }

    /// Asked of SQLite, so a rule checked for each of hundreds of writes in one transaction
    /// (a ride plan accepted) decodes only the rows it needs.
    public func live(entity: String, orgId: UUID, field: String, is value: String, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM record WHERE entity = ? AND orgId = ? AND deleted = 0 AND json_extract(fields, '$.' || ?) = ?
            """), arguments: [entity, UUIDColumn.encode(orgId), field, value]).map(Self.record(from:))
    }

    /// Asked of SQLite too: the Media page asks it for each file it shows.
    public func live(entity: String, orgId: UUID, list: String, itemField: String, is value: String, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM record WHERE entity = ? AND orgId = ? AND deleted = 0
              AND EXISTS (SELECT 1 FROM json_each(fields, '$.' || ?) AS item
                          WHERE json_extract(item.value, '$.' || ?) = ?)
            """), arguments: [entity, UUIDColumn.encode(orgId), list, itemField, value]).map(Self.record(from:))
    }

    public func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        let org = UUIDColumn.encode(orgId)
        try db.execute(sql: """
            DELETE FROM record
            WHERE orgId = ? AND entity = ? AND version > 0 AND version <= ?
              AND id NOT IN (SELECT recordId FROM resyncSeen WHERE orgId = ? AND entity = ?)
              AND id NOT IN (SELECT recordId FROM outbox WHERE entity = ?)
              AND id NOT IN (SELECT recordId FROM syncConflict WHERE entity = ?)
            """, arguments: [org, entity, throughVersion, org, entity, entity, entity])
        return db.changesCount
    }

    /// Entities that have rows here (types this console may not know).
    static func entities(orgId: UUID, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT entity FROM record WHERE orgId = ?",
                            arguments: [UUIDColumn.encode(orgId)])
    }

    /// Throws `StoredRecordUnreadable` for fields that do not read as JSON, rather than give
    /// the record empty fields that a save would then write over them.
    static func record(from row: Row) throws -> LocalRecord {
        let text: String = row["fields"]
        let entity: String = row["entity"]
        let fields: JSONValue
        do {
            fields = try JSONValue.parse(text)
        } catch {
            throw StoredRecordUnreadable(entity: entity, id: row["id"] ?? "", problem: error.description)
        }
        return LocalRecord(entity: entity, id: try UUIDColumn.decode(row["id"]),
                           orgId: try UUIDColumn.decode(row["orgId"]), version: row["version"],
                           createdAt: row["createdAt"], updatedAt: row["updatedAt"], deleted: row["deleted"],
                           fields: fields)
    }
}
