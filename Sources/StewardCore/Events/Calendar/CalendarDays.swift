import Foundation

/// The occurrences of a period sorted into its days, with their clashes: what a month's cells,
/// a week's columns and the agenda's groups show. An occurrence is on every day it covers (a
/// weekend fair on both days, a night that runs past midnight on both), in the organization's
/// zone.
public struct CalendarDays: Sendable {
    public struct Day: Sendable {
        public let date: LocalDate
        /// In order: all-day ones first at a time, then by start.
        public let occurrences: [EventOccurrence]
        /// Pairs of this day's occurrences that clash with each other.
        public let clashCount: Int
    }

    public let days: [Day]
    /// Every occurrence shown that clashes, with those it clashes with.
    public let clashes: [EventOccurrence.Reference: [EventOccurrence]]

    public init(_ occurrences: [EventOccurrence], first: LocalDate, count: Int, zone: TimeZone) {
        let clashes = EventClashes.find(in: occurrences, zone: zone)
        self.clashes = clashes
        var byDay = Array(repeating: [EventOccurrence](), count: max(0, count))
        for occurrence in EventOccurrence.ordered(occurrences, zone: zone) {
            guard let span = occurrence.span(zone: zone) else { continue }
            let firstDay = CalendarPeriod.daysBetween(first, LocalDate(span.start, in: zone))
            // The day its end falls in, unless it ends at that day's midnight.
            let endDay = LocalDate(span.end, in: zone)
            var lastDay = CalendarPeriod.daysBetween(first, endDay)
            if span.end > span.start, endDay.startOfDay(in: zone) == span.end { lastDay -= 1 }
            lastDay = max(firstDay, lastDay)
            guard lastDay >= 0, firstDay < count else { continue }
            for index in max(0, firstDay)...min(count - 1, lastDay) {
                byDay[index].append(occurrence)
            }
        }
        days = byDay.enumerated().map { index, items in
            let references = Set(items.map(\.reference))
            var pairs = 0
            for item in items {
                pairs += clashes[item.reference]?.filter { references.contains($0.reference) }.count ?? 0
            }
            return Day(date: first.adding(days: index), occurrences: items, clashCount: pairs / 2)
        }
    }

    public func clashes(_ occurrence: EventOccurrence) -> [EventOccurrence] { clashes[occurrence.reference] ?? [] }
}
