import Foundation
import GRDB

/// The demo's records beyond events: the church's podcast settings, sermon series and messages,
/// bulletins and giving funds. They are checked by their types' declarations and stored as
/// staff edits are (outbox and history included), so the demo syncs like typed content.
enum DemoRecords {
    /// Stores the organization's records, inside the caller's transaction; returns how many.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .church else { return 0 }
        let weeks = DemoWeeks(reference: reference, zone: org.timeZone)
        var added = 0
        func save(_ type: RecordType, _ fields: JSONValue) throws -> UUID {
            let record = LocalRecord(entity: type.entity, orgId: org.id,
                                     fields: try type.validate(fields, orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            added += 1
            return record.id
        }

        _ = try save(.podcast, DemoSermons.podcastFields)
        var seriesIDs: [String: UUID] = [:]
        for (key, fields) in DemoSermons.seriesFields() {
            seriesIDs[key] = try save(.series, fields)
        }
        for fields in DemoSermons.messageFields(weeks: weeks, seriesIDs: seriesIDs) {
            _ = try save(.message, fields)
        }
        for fields in DemoBulletins.fields(weeks: weeks) {
            _ = try save(.bulletin, fields)
        }
        for fields in DemoGiving.funds {
            _ = try save(.fund, fields)
        }
        for fields in DemoAnnouncements.fields(weeks: weeks) {
            _ = try save(.announcement, fields)
        }
        return added
    }
}
