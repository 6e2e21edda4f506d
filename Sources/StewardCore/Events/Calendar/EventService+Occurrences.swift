import Foundation
import GRDB

extension EventService {
    /// The occurrences of `org`'s live events that start in `[from, to)`, soonest first (then by
    /// title): what the calendar views show. Only events that can have one there are read (a
    /// first start before `to`, and a repeat or an end after `from`), and the reading and the
    /// expansion both run on GRDB's thread, so a month of thousands costs the window nothing.
    /// With `calendar`, only the events of that calendar of the organization's (`EventCalendar`).
    public func occurrences(in org: Organization, from: Date, to: Date, calendar: UUID? = nil) async throws -> [EventOccurrence] {
        let zone = org.timeZone
        return try await database.writer.read { db in
            var arguments: StatementArguments = [UUIDColumn.encode(org.id), DateTimeText.storage(to), DateTimeText.storage(from)]
            if let calendar { arguments += [UUIDColumn.encode(calendar)] }
            let events = try Event.fetchAll(db, sql: """
                SELECT * FROM event
                WHERE orgId = ? AND deleted = 0 AND startsAt < ? AND (repeatRule != '' OR endsAt > ?)
                """ + (calendar == nil ? "" : " AND calendar = ?"), arguments: arguments)
            return EventOccurrence.ordered(events.flatMap { $0.occurrences(from: from, to: to, zone: zone) }, zone: zone)
        }
    }
}

extension EventOccurrence {
    /// An occurrence named by its series and original start: what stays the same when it moves.
    public struct Reference: Hashable, Sendable {
        public let eventId: UUID
        public let occurrence: String

        public init(eventId: UUID, occurrence: String) {
            self.eventId = eventId
            self.occurrence = occurrence
        }
    }

    public var reference: Reference { Reference(eventId: eventId, occurrence: occurrence) }

    /// When it starts and ends: a timed one's instants, an all-day one's days in `zone` (the
    /// organization's), from the first day's midnight to the midnight after the last. Nil for
    /// an ongoing event, which has no time.
    public func span(zone: TimeZone) -> (start: Date, end: Date)? {
        Series.span(timing, zone: zone).map { (start: $0.0, end: $0.1) }
    }

    /// Soonest first; at one time all-day ones first, then by title and series, so a day reads
    /// the same at every look.
    public static func ordered(_ occurrences: [EventOccurrence], zone: TimeZone) -> [EventOccurrence] {
        let starts = occurrences.map { $0.span(zone: zone)?.start ?? .distantFuture }
        return occurrences.indices.sorted { a, b in
            if starts[a] != starts[b] { return starts[a] < starts[b] }
            let x = occurrences[a], y = occurrences[b]
            if (x.timing.kind == .allDay) != (y.timing.kind == .allDay) { return x.timing.kind == .allDay }
            if x.title != y.title { return x.title.localizedStandardCompare(y.title) == .orderedAscending }
            return (x.eventId.uuidString, x.occurrence) < (y.eventId.uuidString, y.occurrence)
        }.map { occurrences[$0] }
    }
}
