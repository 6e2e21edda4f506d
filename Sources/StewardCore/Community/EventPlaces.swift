import Foundation
import GRDB

/// The events a map shows beside the organization's pins: each live event with a position that
/// happens in the range asked for (its first occurrence there, and how many more), and every
/// ongoing one with a position (it is always on).
public struct EventPlace: Hashable, Sendable {
    public var eventId: UUID
    public var title: String
    public var locationName: String
    public var latitude: Double
    public var longitude: Double
    /// Its first occurrence in the range; nil for an ongoing event.
    public var next: EventOccurrence?
    /// Its other occurrences in the range.
    public var more: Int
}

/// How far ahead the map shows events.
public enum EventMapRange: String, CaseIterable, Sendable {
    case none, thisWeek, nextThirtyDays

    /// `[from, to)` for `now` in `zone`: Monday to Monday for this week, nil for none.
    public func interval(now: Date, zone: TimeZone) -> (from: Date, to: Date)? {
        switch self {
        case .none:
            return nil
        case .thisWeek:
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = zone
            guard let week = calendar.dateInterval(of: .weekOfYear, for: now) else { return nil }
            return (week.start, week.end)
        case .nextThirtyDays:
            return (now, now.addingTimeInterval(30 * 86_400))
        }
    }
}

extension EventService {
    /// The organization's events with a position for a map: those with an occurrence in
    /// `[from, to)`, soonest first, then the ongoing ones by title.
    public func places(in org: Organization, from: Date, to: Date) async throws -> [EventPlace] {
        let zone = org.timeZone
        return try await database.writer.read { db in
            let events = try Event.fetchAll(db, sql: """
                SELECT * FROM event
                WHERE orgId = ? AND deleted = 0 AND latitude IS NOT NULL AND longitude IS NOT NULL
                  AND (startsAt IS NULL OR (startsAt < ? AND (repeatRule != '' OR endsAt > ?)))
                """, arguments: [UUIDColumn.encode(org.id), DateTimeText.storage(to), DateTimeText.storage(from)])
            var dated: [(start: Date, place: EventPlace)] = []
            var ongoing: [EventPlace] = []
            for event in events {
                guard let position = event.details.coordinate else { continue }
                var place = EventPlace(eventId: event.id, title: event.details.title, locationName: event.details.locationName,
                                       latitude: position.latitude, longitude: position.longitude, next: nil, more: 0)
                if event.details.timing.kind == .untimed {
                    ongoing.append(place)
                    continue
                }
                let occurrences = EventOccurrence.ordered(event.occurrences(from: from, to: to, zone: zone), zone: zone)
                guard let first = occurrences.first, let start = first.span(zone: zone)?.start else { continue }
                place.next = first
                place.more = occurrences.count - 1
                dated.append((start, place))
            }
            let soonest = dated.sorted { ($0.start, $0.place.title) < ($1.start, $1.place.title) }.map(\.place)
            return soonest + ongoing.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        }
    }
}
