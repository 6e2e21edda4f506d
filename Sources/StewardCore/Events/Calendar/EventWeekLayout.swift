import Foundation

/// A week of occurrences as the week view draws them: timed ones by hour in the days' lanes
/// (placed as the gym's classes are, `WeekPlacement`), all-day ones in a row of their own per
/// day. One that runs past midnight is drawn to the end of its first day.
public struct EventWeekLayout: Sendable {
    public struct Block: Sendable {
        public let occurrence: EventOccurrence
        public let day: Int
        public let lane: Int
        public let row: Int
        public let rows: Int
    }

    public let firstDay: LocalDate
    public let firstHour: Int
    public let lastHour: Int
    public let lanes: [Int]
    public let blocks: [Block]
    /// Each day's all-day occurrences (7 entries).
    public let allDay: [[EventOccurrence]]

    public var rowCount: Int { (lastHour - firstHour) * 60 / WeekLayout.slotMinutes }

    public init(_ occurrences: [EventOccurrence], firstDay: LocalDate, zone: TimeZone) {
        self.firstDay = firstDay
        let ordered = EventOccurrence.ordered(occurrences, zone: zone)
        var allDay = Array(repeating: [EventOccurrence](), count: 7)
        var timed: [EventOccurrence] = []
        var spans: [WeekPlacement.Span] = []
        for occurrence in ordered {
            guard let span = occurrence.span(zone: zone) else { continue }
            if occurrence.timing.kind == .allDay {
                for (index, day) in CalendarDays([occurrence], first: firstDay, count: 7, zone: zone).days.enumerated()
                where !day.occurrences.isEmpty {
                    allDay[index].append(occurrence)
                }
                continue
            }
            let day = LocalDate(span.start, in: zone)
            let dayStart = day.startOfDay(in: zone)
            let start = Int(span.start.timeIntervalSince(dayStart) / 60)
            let end = min(24 * 60, max(start + WeekLayout.slotMinutes, Int(span.end.timeIntervalSince(dayStart) / 60)))
            timed.append(occurrence)
            spans.append(WeekPlacement.Span(day: CalendarPeriod.daysBetween(firstDay, day), start: start, end: end))
        }
        // Already in order: those that start together keep it.
        let placement = WeekPlacement(spans) { $0 < $1 }
        firstHour = placement.firstHour
        lastHour = placement.lastHour
        lanes = placement.lanes
        blocks = placement.placed.map {
            Block(occurrence: timed[$0.index], day: $0.day, lane: $0.lane, row: $0.row, rows: $0.rows)
        }
        self.allDay = allDay
    }
}
