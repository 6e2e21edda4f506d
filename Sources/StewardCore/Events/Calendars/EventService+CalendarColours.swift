import Foundation
import GRDB

extension EventService {
    /// The colour each of `org`'s events that can happen in `[from, to)` shows in the calendar
    /// views: its calendar's, for the events that name a live calendar. Only those events are
    /// read (the period's, as `occurrences` reads them, that name a calendar), so a month costs
    /// the same with 100,000 events as with 100.
    public func calendarColours(in org: Organization, from: Date, to: Date) async throws -> [UUID: CalendarColour] {
        try await database.writer.read { db in
            var colours: [String: CalendarColour] = [:]
            for calendar in try RecordService.live(.eventCalendar, org: org, db) {
                colours[calendar.key] = (calendar.fields["colour"]?.stringValue).flatMap(CalendarColour.init(rawValue:))
            }
            guard !colours.isEmpty else { return [:] }
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, calendar FROM event
                WHERE orgId = ? AND deleted = 0 AND startsAt < ? AND (repeatRule != '' OR endsAt > ?) AND calendar != ''
                """, arguments: [UUIDColumn.encode(org.id), DateTimeText.storage(to), DateTimeText.storage(from)])
            var byEvent: [UUID: CalendarColour] = [:]
            for row in rows {
                guard let colour = colours[row["calendar"] as String], let id = UUID(uuidString: row["id"] as String) else { continue }
                byEvent[id] = colour
            }
            return byEvent
        }
    }
}
