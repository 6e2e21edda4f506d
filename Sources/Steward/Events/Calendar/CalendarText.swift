import Foundation
import StewardCore
import Translation

/// The calendar views' words: the period's title, each day's and occurrence's spoken name (what
/// a screen reader hears and a tooltip shows), in the person's language.
@MainActor
enum CalendarText {
    static var locale: LocaleFormats { .current }

    /// "Wednesday 2 December 2026".
    static func longDay(_ date: LocalDate) -> String {
        tr("{weekday} {day} {month} {year}", [
            "weekday": locale.weekdayNames[CalendarPeriod.weekday(of: date)], "day": String(date.day),
            "month": locale.monthNames[date.month - 1], "year": String(date.year),
        ])
    }

    /// "Wed 2 Dec".
    static func shortDay(_ date: LocalDate) -> String {
        DatePatternText.format(date.startOfDay(in: .gmt), "EEE d MMM", zone: .gmt)
    }

    /// The title beside the arrows: "December 2026", "30 Nov – 6 Dec 2026", "From Wed 2 Dec 2026".
    static func title(_ period: CalendarPeriod) -> String {
        let (first, count) = period.days
        switch period.view {
        case .month:
            return tr("{month} {year}", ["month": locale.monthNames[period.anchor.month - 1], "year": String(period.anchor.year)])
        case .week:
            let last = first.adding(days: count - 1)
            return tr("{first} – {last}", ["first": DatePatternText.format(first.startOfDay(in: .gmt), "d MMM", zone: .gmt),
                                           "last": DatePatternText.format(last.startOfDay(in: .gmt), "d MMM yyyy", zone: .gmt)])
        case .agenda, .list:
            return tr("From {date}", ["date": DatePatternText.format(first.startOfDay(in: .gmt), "EEE d MMM yyyy", zone: .gmt)])
        }
    }

    /// "Wednesday 2 December 2026, 3 events, 1 clash" (", today" when it is).
    static func spokenDay(_ day: CalendarDays.Day, isToday: Bool) -> String {
        var parts = [longDay(day.date)]
        if isToday { parts.append(tr("today")) }
        parts.append(day.occurrences.isEmpty ? tr("no events") : trn("{count} event", "{count} events", day.occurrences.count))
        if day.clashCount > 0 { parts.append(trn("{count} clash", "{count} clashes", day.clashCount)) }
        return parts.joined(separator: ", ")
    }

    /// A line in a month's cell: "19:00 Choir practice", or the title alone for an all-day
    /// occurrence (its name says "all day"; the words would crowd the title out of a cell).
    static func cellLine(_ occurrence: EventOccurrence, zone: TimeZone) -> String {
        guard case .timed(let start, _, _) = occurrence.timing else { return occurrence.title }
        return DatePatternText.format(start, "HH:mm", zone: zone) + " " + occurrence.title
    }

    /// "Choir practice, Wed 2 Dec 2026, 19:00–20:30, Hall; clashes with “Council”".
    /// `calendar`: the name of the organization's calendar it belongs to, which the views
    /// otherwise only show by its colour.
    static func spokenOccurrence(_ occurrence: EventOccurrence, clashes: [EventOccurrence], zone: TimeZone,
                                 calendar: String? = nil) -> String {
        var parts = [occurrence.title, EventTimingText.describe(occurrence.timing, orgZone: zone)]
        if !occurrence.locationName.isEmpty { parts.append(occurrence.locationName) }
        if let calendar { parts.append(tr("{calendar} calendar", ["calendar": calendar])) }
        var text = parts.joined(separator: ", ")
        if !clashes.isEmpty {
            text += "; " + tr("clashes with {titles}", ["titles": clashes.prefix(3).map { "“\($0.title)”" }.joined(separator: ", ")])
        }
        return text
    }

    /// "+3 more", and what it says to a screen reader.
    static func more(_ count: Int, on date: LocalDate) -> (shown: String, spoken: String) {
        (trn("+{count} more", "+{count} more", count),
         trn("{count} more event on {day}", "{count} more events on {day}", count, ["day": longDay(date)]))
    }
}
