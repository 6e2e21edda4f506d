import Foundation
import GRDB

/// Keeps the served copy of each mirrored class (`RecordType.gymClass`) in line with the
/// mirror, through the kit's writes: the row, its outbox entry and its history entry together,
/// in the caller's transaction. Every write of the mirror (a refresh, the gym's note or flag, a
/// source removed) ends here, so there is one path from the booking service to the apps.
enum ServedClasses {
    static let shortText = 500
    static let longText = 20_000
    static let noteLength = 2000
    static let largestCount: Int64 = 1_000_000

    /// The served fields of a mirrored class, in canonical form. The booking service is not
    /// bound by the kit's limits, so what it says is fitted to them (one line, at most so long,
    /// no negative counts) rather than refused: a refresh never fails on a long description.
    static func fields(of scheduled: ScheduledClass, zone: TimeZone) throws -> JSONValue {
        let c = scheduled.source
        func line(_ text: String) -> JSONValue {
            .string(String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(shortText)))
        }
        func count(_ number: Int?) -> JSONValue {
            number.map { .int(min(max(Int64($0), 0), largestCount)) } ?? .null
        }
        let fields: JSONValue = .object([
            "name": line(c.name),
            "description": .string(String(c.description.prefix(longText))),
            "program": line(c.program),
            "sessionType": line(c.sessionType),
            "startsAt": .string(DateTimeText.utc(c.startsAt)),
            "endsAt": .string(DateTimeText.utc(c.endsAt)),
            "trainer": line(c.trainer),
            "substitute": .bool(c.isSubstitute),
            "cancelled": .bool(c.isCancelled),
            "location": line(c.location),
            "room": line(c.room),
            "maxCapacity": count(c.maxCapacity),
            "webCapacity": count(c.webCapacity),
            "totalBooked": count(c.totalBooked),
            "totalWaitlisted": count(c.totalWaitlisted),
            "waitlistAvailable": .bool(c.isWaitlistAvailable),
            "removed": .bool(scheduled.isRemoved),
            "localNote": .string(String(scheduled.localNote.prefix(noteLength))),
            "featured": .bool(scheduled.isFeatured),
        ])
        return try RecordType.gymClass.validate(fields, orgZone: zone)
    }

    /// Writes the served record of each class in `ids` whose mirror row says something its
    /// served record does not (or that has none yet). Returns how many were written.
    @discardableResult
    static func publish(_ ids: [UUID], org: Organization, at: Date, _ db: Database) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let type = RecordType.gymClass
        let author = try HistoryLog.localAuthor(orgId: org.id, db)
        let read = try db.cachedStatement(sql: "SELECT * FROM scheduledClass WHERE id = ?")
        var written = 0
        for id in ids {
            guard let scheduled = try ScheduledClass.fetchOne(read, arguments: [UUIDColumn.encode(id)]) else { continue }
            let fields = try fields(of: scheduled, zone: org.timeZone)
            let previous = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db)
            if let previous, !previous.deleted, previous.fields == fields { continue }
            var record = previous ?? LocalRecord(entity: type.entity, id: id, orgId: org.id, createdAt: at, updatedAt: at, fields: fields)
            record.fields = fields
            record.deleted = false
            record.updatedAt = at
            try RecordWrites.save(record, previous: previous, org: org, author: author, db)
            written += 1
        }
        return written
    }

    /// The classes of a source that have no served record yet (a mirror kept before classes
    /// were served): published with the next refresh even if nothing about them changed.
    static func unpublished(sourceId: UUID, _ db: Database) throws -> [UUID] {
        try String.fetchAll(db, sql: """
            SELECT id FROM scheduledClass WHERE sourceId = ?
              AND id NOT IN (SELECT id FROM record WHERE entity = ?)
            """, arguments: [UUIDColumn.encode(sourceId), RecordType.gymClass.entity]).map { try UUIDColumn.decode($0) }
    }

    /// Deletes the served records of classes leaving the mirror (their source was removed):
    /// tombstones the store passes on, so the apps stop showing them.
    static func withdraw(sourceId: UUID, org: Organization, at: Date, _ db: Database) throws {
        let type = RecordType.gymClass
        let author = try HistoryLog.localAuthor(orgId: org.id, db)
        let ids = try String.fetchAll(db, sql: "SELECT id FROM scheduledClass WHERE sourceId = ?",
                                      arguments: [UUIDColumn.encode(sourceId)])
        for id in ids {
            guard let previous = try type.storage.fetch(entity: type.entity, id: id, db), !previous.deleted else { continue }
            var record = previous
            record.deleted = true
            record.updatedAt = at
            try RecordWrites.save(record, previous: previous, org: org, author: author, db)
        }
    }
}
