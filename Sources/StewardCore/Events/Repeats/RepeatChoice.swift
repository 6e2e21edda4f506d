import CICal
import Foundation
import Translation

/// The repeats people pick from a list, as calendars offer them for a start: never, every day,
/// every week on its weekday, every month on its date or on its weekday ("the first
/// Wednesday"), every year, or a rule of their own. Each gives its RRULE, with an optional last
/// day; a stored rule reads back as the choice that gives it.
public enum RepeatChoice: String, CaseIterable, Sendable {
    case never, daily, weekly, monthlyOnDate, monthlyOnWeekday, yearly, custom

    /// "Weekly on Wednesday", "Monthly on the first Wednesday", for a series starting at `start`.
    public func title(start: LocalDate?) -> String {
        let weekday = start.map(Self.weekday).map(RepeatSummary.weekdayName) ?? ""
        switch self {
        case .never: return tr("Does not repeat")
        case .daily: return tr("Daily")
        case .weekly: return start == nil ? tr("Weekly") : tr("Weekly on {weekday}", ["weekday": weekday])
        case .monthlyOnDate: return start.map { tr("Monthly on day {day}", ["day": String($0.day)]) } ?? tr("Monthly")
        case .monthlyOnWeekday:
            guard let start else { return tr("Monthly on a weekday") }
            return tr("Monthly on the {ordinal} {weekday}", ["ordinal": Self.ordinalWord(start), "weekday": weekday])
        case .yearly: return tr("Yearly")
        case .custom: return tr("Custom rule")
        }
    }

    /// The rule this choice gives for a series with `timing`, ending on `until` (a day in the
    /// series' zone, included); "" for `.never`, nil for `.custom` (typed as it is) or without a start.
    public func rule(timing: EventTiming, until: LocalDate?, zone: TimeZone) -> String? {
        guard let (first, seriesZone) = Self.start(timing, zone: zone) else { return self == .never ? "" : nil }
        var parts: [String]
        switch self {
        case .never: return ""
        case .custom: return nil
        case .daily: parts = ["FREQ=DAILY"]
        case .weekly: parts = ["FREQ=WEEKLY", "BYDAY=" + Self.weekdayCodes[Self.weekday(first)]]
        case .monthlyOnDate: parts = ["FREQ=MONTHLY", "BYMONTHDAY=\(first.day)"]
        case .monthlyOnWeekday: parts = ["FREQ=MONTHLY", "BYDAY=\(Self.position(first))" + Self.weekdayCodes[Self.weekday(first)]]
        case .yearly: parts = ["FREQ=YEARLY"]
        }
        if let until {
            if case .allDay = timing {
                parts.append("UNTIL=" + until.description.replacingOccurrences(of: "-", with: ""))
            } else {
                // The end of that day where the series is, in UTC, as RFC 5545 asks with a zoned start.
                let end = until.adding(days: 1).startOfDay(in: seriesZone).addingTimeInterval(-1)
                let utc = CivilTime.fields(end, zone: .gmt)
                var text = "UNTIL="
                for (value, width) in [(utc.year, 4), (utc.month, 2), (utc.day, 2)] { CivilTime.appendPadded(value, width: width, to: &text) }
                text += "T"
                for value in [utc.hour, utc.minute, utc.second] { CivilTime.appendPadded(value, width: 2, to: &text) }
                parts.append(text + "Z")
            }
        }
        return (try? RepeatRule(parts.joined(separator: ";")))?.text
    }

    /// The choice that gives `rule` for this timing, and its last day; `.custom` for any other.
    public static func reading(_ rule: String, timing: EventTiming, zone: TimeZone) -> (choice: RepeatChoice, until: LocalDate?) {
        guard !FieldParsers.trimmed(rule).isEmpty else { return (.never, nil) }
        guard let parsed = try? RepeatRule(rule) else { return (.custom, nil) }
        var recurrence = parsed.recurrence
        var until: LocalDate?
        if icaltime_is_null_time(recurrence.until) == 0 {
            let end = recurrence.until
            if end.is_date != 0 {
                until = LocalDate(year: Int(end.year), month: Int(end.month), day: Int(end.day))
            } else if let (_, seriesZone) = start(timing, zone: zone) {
                let seconds = Double(Int(end.hour) * 3600 + Int(end.minute) * 60 + Int(end.second))
                let instant = CivilTime.instant(year: Int(end.year), month: Int(end.month), day: Int(end.day), seconds: seconds,
                                                zone: icaltime_is_utc(end) != 0 ? .gmt : seriesZone)
                until = LocalDate(instant, in: seriesZone)
            }
            recurrence.until = icaltime_null_time()
        }
        for choice in [RepeatChoice.daily, .weekly, .monthlyOnDate, .monthlyOnWeekday, .yearly] {
            guard let made = choice.rule(timing: timing, until: until, zone: zone) else { continue }
            if made == parsed.text { return (choice, until) }
        }
        return (.custom, nil)
    }

    private static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The first day and the zone the series' days are counted in.
    private static func start(_ timing: EventTiming, zone: TimeZone) -> (LocalDate, TimeZone)? {
        switch timing {
        case .timed(let start, _, let name):
            let seriesZone = TimeZone(identifier: name) ?? zone
            return (LocalDate(start, in: seriesZone), seriesZone)
        case .allDay(let first, _): return (first, zone)
        case .untimed: return nil
        }
    }

    /// 0 is Sunday.
    static func weekday(_ day: LocalDate) -> Int {
        ((CivilTime.days(year: day.year, month: day.month, day: day.day) + 4) % 7 + 7) % 7
    }

    /// Which of its weekday in the month the day is: 1 to 4, or -1 for the last (a fifth one,
    /// or a fourth with no fifth after it: "the last Friday" reads better and stays true).
    static func position(_ day: LocalDate) -> Int {
        day.day + 7 > LocalDate.daysIn(month: day.month, year: day.year) ? -1 : (day.day - 1) / 7 + 1
    }

    private static func ordinalWord(_ day: LocalDate) -> String {
        switch position(day) {
        case 1: trc("weekday in the month", "first")
        case 2: trc("weekday in the month", "second")
        case 3: trc("weekday in the month", "third")
        case 4: trc("weekday in the month", "fourth")
        default: trc("weekday in the month", "last")
        }
    }
}
