import Foundation
import StewardCore
import Translation

/// How a row of the event table stands against today, so the list reads at a glance where
/// today is: an event on today (a series with a date today) is marked "Today" in the accent
/// colour; one that is over is dimmed. Ongoing events (no time) and other rows are plain.
enum EventDayMark {
    case today, past

    static func of(_ row: EventRow, now: Date, zone: TimeZone) -> EventDayMark? {
        let today = LocalDate(now, in: zone)
        let (dayStart, dayEnd) = (today.startOfDay(in: zone), today.adding(days: 1).startOfDay(in: zone))
        if !row.repeatRule.isEmpty {
            // The rule alone: a date cancelled today still reads as today, which is rare and harmless.
            guard let rule = try? RepeatRule(row.repeatRule) else { return nil }
            return Series(timing: row.timing, rule: rule).occurrences(from: dayStart, to: dayEnd, zone: zone).isEmpty ? nil : .today
        }
        guard let start = row.timing.sortStart(orgZone: zone), let end = row.timing.sortEnd(orgZone: zone) else { return nil }
        if start < dayEnd && end > dayStart { return .today }
        return end <= now ? .past : nil
    }

    /// The "When" cell of a row on today: "Today, 18:00–19:15" for a time within today in the
    /// organization's zone, else "Today · " before what the cell says ("Today · Every Saturday at 10:00").
    static func todayText(_ row: EventRow, when: String, zone: TimeZone) -> String {
        if row.repeatRule.isEmpty, case .timed(let start, let end, let zoneName) = row.timing, zoneName == zone.identifier,
           LocalDate(start, in: zone) == LocalDate(end, in: zone) {
            let times = DatePatternText.format(start, "HH:mm", zone: zone) + "–" + DatePatternText.format(end, "HH:mm", zone: zone)
            return tr("Today, {times}", ["times": times])
        }
        return tr("Today · {when}", ["when": when])
    }

    static let cssClasses = ["event-today", "event-past"]

    var cssClass: String {
        switch self {
        case .today: "event-today"
        case .past: "event-past"
        }
    }
}
