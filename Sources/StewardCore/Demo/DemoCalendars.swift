import Foundation
import GRDB

/// Grace Community Church's own calendars, which its demo events belong to. Made before the
/// events, so they are ahead of them in the outbox: the store checks an event's calendar exists.
enum DemoCalendars {
    /// The key the demo's event templates name a calendar by (`DemoEventTemplate.calendar`).
    enum Key: String, CaseIterable {
        case services, youth, outreach
    }

    private static let list: [(key: Key, name: String, colour: CalendarColour, description: String)] = [
        (.services, "Sunday Services", .blue, "Worship on Sundays and the services of the church year."),
        (.youth, "Youth", .green, "Youth group nights and trips for grades 6–12."),
        (.outreach, "Outreach", .orange, "The food pantry, community dinners and serving our neighbors."),
    ]

    /// Stores the church's calendars, inside the caller's transaction; the ids by key (none for
    /// another kind of organization).
    static func add(for org: Organization, _ db: Database) throws -> [Key: UUID] {
        guard org.kind == .church else { return [:] }
        var ids: [Key: UUID] = [:]
        for calendar in list {
            let fields: JSONValue = .object(["name": .string(calendar.name), "colour": .string(calendar.colour.rawValue),
                                             "description": .string(calendar.description)])
            let record = LocalRecord(entity: RecordType.eventCalendar.entity, orgId: org.id,
                                     fields: try RecordType.eventCalendar.validate(fields, orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            ids[calendar.key] = record.id
        }
        return ids
    }
}
