import Foundation
import GRDB

/// How the calendar views mark an event of one of the organization's calendars: the calendar's
/// colour, and its name for those who do not see the colour (screen readers hear it).
public struct CalendarMark: Hashable, Sendable {
    public let name: String
    public let colour: CalendarColour

    public init(name: String, colour: CalendarColour) {
        self.name = name
        self.colour = colour
    }
}

extension EventService {
    /// The mark of each of `org`'s events that can happen in `[from, to)`: its calendar's, for
    /// the events that name a live calendar. Only those events are read (the period's, as
    /// `occurrences` reads them, that name a calendar), so a month costs the same with 100,000
    /// events as with 100.
    public func calendarMarks(in org: Organization, from: Date, to: Date) async throws -> [UUID: CalendarMark] {
        try await database.writer.read { db in
            var marks: [String: CalendarMark] = [:]
            for calendar in try RecordService.live(.eventCalendar, org: org, db) {
                guard let colour = (calendar.fields["colour"]?.stringValue).flatMap(CalendarColour.init(rawValue:)) else { continue }
                marks[calendar.key] = CalendarMark(name: RecordType.eventCalendar.title(of: calendar.fields), colour: colour)
            }
            guard !marks.isEmpty else { return [:] }
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, calendar FROM event
                WHERE orgId = ? AND deleted = 0 AND startsAt < ? AND (repeatRule != '' OR endsAt > ?) AND calendar != ''
                """, arguments: [UUIDColumn.encode(org.id), DateTimeText.storage(to), DateTimeText.storage(from)])
            var byEvent: [UUID: CalendarMark] = [:]
            for row in rows {
                guard let mark = marks[row["calendar"] as String], let id = UUID(uuidString: row["id"] as String) else { continue }
                byEvent[id] = mark
            }
            return byEvent
        }
    }
}
