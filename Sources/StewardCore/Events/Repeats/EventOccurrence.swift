import Foundation

/// One occurrence of an event as people and the apps see it: the series' id, its original
/// start (`occurrence`), its own time, and its title, place and description (a changed one's
/// own where it has them). An event that happens once is its one occurrence.
public struct EventOccurrence: Hashable, Sendable {
    public let eventId: UUID
    public let occurrence: String
    public let timing: EventTiming
    public let title: String
    public let locationName: String
    public let description: String
    /// Another time or other details than the series gives it.
    public let isChanged: Bool

    /// The occurrence as the command line and the apps print it: the event's own keys (UTC
    /// `startsAt`/`endsAt`, or `startDate`/`endDate` for all-day ones), with the series' id.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(eventId.uuidString.lowercased()),
            "occurrence": .string(occurrence),
            "title": .string(title),
            "locationName": .string(locationName),
            "description": .string(description),
            "changed": .bool(isChanged),
        ]
        object.merge(TimingField.values(of: timing)) { _, timing in timing }
        return .object(object)
    }
}

extension Event {
    /// The occurrences that start in `[from, to)`, in order; cancelled ones left out, changed
    /// ones at their new time with their own details. `zone` (the organization's) places all-day
    /// ones and single events' days.
    public func occurrences(from: Date, to: Date, zone: TimeZone) -> [EventOccurrence] {
        let details = self.details
        guard let series = details.repeats.series(timing: details.timing) else {
            guard let (start, _) = Series.span(details.timing, zone: zone), start >= from, start < to else { return [] }
            return [EventOccurrence(eventId: id, occurrence: Series(timing: details.timing, rule: nil).firstKey,
                                    timing: details.timing, title: details.title, locationName: details.locationName,
                                    description: details.description, isChanged: false)]
        }
        let changes = Dictionary(details.repeats.changed.map { ($0.occurrence, $0) }) { first, _ in first }
        return series.occurrences(from: from, to: to, zone: zone).map { occurrence in
            let change = changes[occurrence.key]
            func own(_ value: String?, _ series: String) -> String { (value ?? "").isEmpty ? series : value! }
            return EventOccurrence(eventId: id, occurrence: occurrence.key, timing: occurrence.timing,
                                   title: own(change?.title, details.title),
                                   locationName: own(change?.locationName, details.locationName),
                                   description: own(change?.description, details.description),
                                   isChanged: change != nil)
        }
    }
}
