import Foundation
import Translation

/// How an event's time reads in a list or a terminal: "Sun 6 Dec 2026, 10:30–12:00",
/// "12–13 Dec 2026 · all day", "Ongoing". The GUI and the CLI show the same words.
public enum EventTimingText {
    public static func describe(_ timing: EventTiming, orgZone: TimeZone) -> String {
        switch timing {
        case .untimed:
            return trc("event timing", "Ongoing")
        case .allDay(let first, let last):
            let zone = TimeZone(identifier: "UTC")!
            let start = first.startOfDay(in: zone)
            if first == last { return allDay(format(start, "EEE d MMM yyyy", zone)) }
            let end = last.startOfDay(in: zone)
            if first.year == last.year && first.month == last.month {
                return allDay("\(first.day)–" + format(end, "d MMM yyyy", zone))
            }
            return allDay(format(start, "d MMM", zone) + " – " + format(end, "d MMM yyyy", zone))
        case .timed(let start, let end, let zoneName):
            let zone = TimeZone(identifier: zoneName) ?? orgZone
            let first = LocalDate(start, in: zone), last = LocalDate(end, in: zone)
            // The end says only what differs from the start: its year too when the event
            // runs into the next one (a New Year's Eve party ends on "Fri 1 Jan 2027").
            let endPattern = first == last ? "HH:mm" : first.year == last.year ? "EEE d MMM, HH:mm" : "EEE d MMM yyyy, HH:mm"
            var text = format(start, "EEE d MMM yyyy, HH:mm", zone) + "–" + format(end, endPattern, zone)
            if zone.identifier != orgZone.identifier {
                text += " (\(zone.abbreviation(for: start) ?? zone.identifier))"
            }
            return text
        }
    }

    /// "12–13 Dec 2026 · all day".
    private static func allDay(_ days: String) -> String {
        tr("{days} · all day", ["days": days])
    }

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        DatePatternText.format(date, pattern, zone: zone)
    }
}
