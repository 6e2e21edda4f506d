import Foundation
import GRDB

/// Events keep their own table (typed columns, sort indexes, full-text search: 100,000 events
/// list and search within a frame); this is how the record kit reads and writes it.
struct EventRecordStorage: LocalRecordStorage {
    func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord? {
        try Event.fetchOne(db.cachedStatement(sql: "SELECT * FROM event WHERE id = ?"), arguments: [id]).map(\.localRecord)
    }

    /// A tombstone keeps the fields it had; one for an event never seen here gets empty ones.
    func write(_ record: LocalRecord, org: Organization, _ db: Database) throws {
        let existing = try Event.fetchOne(db.cachedStatement(sql: "SELECT * FROM event WHERE id = ?"), arguments: [record.key])
        let details: EventDetails
        if record.deleted, case .object(let members) = record.fields, members.isEmpty {
            details = existing?.details ?? EventDetails(title: "", timing: .untimed)
        } else {
            details = try EventDetails(syncFields: record.fields)
        }
        let event = Event(id: record.id, orgId: record.orgId, version: record.version,
                          createdAt: existing?.createdAt ?? record.createdAt, updatedAt: record.updatedAt,
                          deleted: record.deleted, details: details)
        try EventStore.writeRow(event, exists: existing != nil, orgZone: org.timeZone, db)
    }

    func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE event SET version = ? WHERE id = ?").execute(arguments: [version, id])
    }

    func remove(entity: String, id: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM event WHERE id = ?", arguments: [id])
    }

    func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try Event.fetchAll(db, sql: "SELECT * FROM event WHERE orgId = ?", arguments: [UUIDColumn.encode(orgId)])
            .map(\.localRecord)
    }

    /// The image, which the media library asks about for each file it shows (`usedBy`) or
    /// removes, is a column of its own: asked of SQLite, so 100,000 events are not decoded for it.
    func live(entity: String, orgId: UUID, field: String, is value: String, _ db: Database) throws -> [LocalRecord] {
        guard field == "imageURL" else {
            return try all(entity: entity, orgId: orgId, db).filter { !$0.deleted && $0[field]?.stringValue == value }
        }
        return try Event.fetchAll(db.cachedStatement(sql: "SELECT * FROM event WHERE orgId = ? AND deleted = 0 AND imageURL = ?"),
                                  arguments: [UUIDColumn.encode(orgId), value]).map(\.localRecord)
    }

    func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        let org = UUIDColumn.encode(orgId)
        try db.execute(sql: """
            DELETE FROM event
            WHERE orgId = ? AND version > 0 AND version <= ?
              AND id NOT IN (SELECT recordId FROM resyncSeen WHERE orgId = ? AND entity = 'event')
              AND id NOT IN (SELECT recordId FROM outbox WHERE entity = 'event')
              AND id NOT IN (SELECT recordId FROM syncConflict WHERE entity = 'event')
            """, arguments: [org, throughVersion, org])
        return db.changesCount
    }
}

extension Event {
    /// The event as the record kit sees it: its sync fields.
    public var localRecord: LocalRecord {
        LocalRecord(entity: EventStore.entity, id: id, orgId: orgId, version: version, createdAt: createdAt,
                    updatedAt: updatedAt, deleted: deleted, fields: details.syncFields)
    }
}
