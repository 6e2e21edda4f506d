import Foundation
import StewardCore

/// `calendar=<id>` on the events' read endpoints: only events of that calendar (an
/// `EventCalendar`). The apps send it when a member chooses a calendar to look at.
struct CalendarFilter {
    /// The calendar's id, lower-case, as events carry it in their `calendar` field.
    let id: String

    /// nil when the request names no calendar; a 400 when it names one with something that is
    /// no id.
    static func parse(_ text: String?) throws -> CalendarFilter? {
        guard let text else { return nil }
        guard let id = UUID(uuidString: text) else {
            throw StoreHTTPError.badRequest("calendar: must be a calendar's id (a UUID), got \"\(text)\"")
        }
        return CalendarFilter(id: id.uuidString.lowercased())
    }

    func keeps(_ record: RemoteRecord) -> Bool {
        record.fields["calendar"]?.stringValue == id
    }

    /// Records the repository reads for a filtered request: the filter runs after the read,
    /// so it reads as many as a date range may, not just `limit`, or other calendars' events
    /// would crowd the chosen one's out of the answer.
    static let recordsRead = EventRangeController.maxRecords
}
