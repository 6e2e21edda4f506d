import Foundation
import GRDB

extension EventService {
    /// The colour each of `org`'s events shows in the calendar views: its calendar's, for the
    /// events that name a live calendar. Only those events are read (most name none), and a
    /// calendar removed since shows no colour.
    public func calendarColours(in org: Organization) async throws -> [UUID: CalendarColour] {
        try await database.writer.read { db in
            var colours: [String: CalendarColour] = [:]
            for calendar in try RecordService.live(.eventCalendar, org: org, db) {
                colours[calendar.key] = (calendar.fields["colour"]?.stringValue).flatMap(CalendarColour.init(rawValue:))
            }
            guard !colours.isEmpty else { return [:] }
            let rows = try Row.fetchAll(db, sql: "SELECT id, calendar FROM event WHERE orgId = ? AND deleted = 0 AND calendar != ''",
                                        arguments: [UUIDColumn.encode(org.id)])
            var byEvent: [UUID: CalendarColour] = [:]
            for row in rows {
                guard let colour = colours[row["calendar"] as String], let id = UUID(uuidString: row["id"] as String) else { continue }
                byEvent[id] = colour
            }
            return byEvent
        }
    }
}
