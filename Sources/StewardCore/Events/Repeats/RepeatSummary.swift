import CICal
import Foundation
import Translation

/// A repeat rule in plain words, as the editor and lists show it: "Every Wednesday at 19:00
/// until 2 Jun 2027", "Monthly on the first Sunday, 12 times", "Every 2 weeks on Monday and
/// Thursday". A rule that needs more words than these (BYSETPOS, week numbers, several days of
/// the month) reads "Custom: " and the rule.
public enum RepeatSummary {
    public static func text(_ rule: RepeatRule, timing: EventTiming, zone orgZone: TimeZone) -> String {
        let recurrence = rule.recurrence
        let seriesZone: TimeZone = {
            if case .timed(_, _, let name) = timing { return TimeZone(identifier: name) ?? orgZone }
            return orgZone
        }()
        guard let start = Series.span(timing, zone: orgZone)?.0, var words = base(recurrence, start: start, zone: seriesZone) else {
            return tr("Custom: {rule}", ["rule": rule.text])
        }
        if case .timed = timing {
            words = tr("{repeats} at {time}", ["repeats": words, "time": DatePatternText.format(start, "HH:mm", zone: seriesZone)])
        }
        if recurrence.count > 0 {
            words = trn("{repeats}, {count} time", "{repeats}, {count} times", Int(recurrence.count), ["repeats": words])
        } else if icaltime_is_null_time(recurrence.until) == 0 {
            words = tr("{repeats} until {date}", ["repeats": words, "date": untilText(recurrence.until, zone: seriesZone)])
        }
        return words
    }

    /// How often, and on which days; nil when the rule needs more words than these.
    private static func base(_ rule: icalrecurrencetype, start: Date, zone: TimeZone) -> String? {
        let interval = max(1, Int(rule.interval))
        let days = listed(rule.by_day)
        let monthDays = listed(rule.by_month_day)
        let months = listed(rule.by_month)
        guard listed(rule.by_set_pos).isEmpty, listed(rule.by_year_day).isEmpty, listed(rule.by_week_no).isEmpty,
              listed(rule.by_hour).count <= 1, listed(rule.by_minute).count <= 1 else { return nil }
        let fields = CivilTime.fields(start, zone: zone)
        let startWeekday = ((CivilTime.days(year: fields.year, month: fields.month, day: fields.day) + 4) % 7 + 7) % 7
        switch rule.freq {
        case ICAL_DAILY_RECURRENCE:
            guard days.isEmpty, monthDays.isEmpty, months.isEmpty else { return nil }
            return interval == 1 ? tr("Every day") : tr("Every {count} days", ["count": String(interval)])
        case ICAL_WEEKLY_RECURRENCE:
            guard monthDays.isEmpty, months.isEmpty, days.allSatisfy({ icalrecurrencetype_day_position($0) == 0 }) else { return nil }
            let weekdays = days.isEmpty ? [startWeekday] : days.map { Int(icalrecurrencetype_day_day_of_week($0).rawValue) - 1 }
            let names = join(sortedFromMonday(weekdays).map(weekdayName))
            return interval == 1 ? tr("Every {days}", ["days": names])
                                 : tr("Every {count} weeks on {days}", ["count": String(interval), "days": names])
        case ICAL_MONTHLY_RECURRENCE:
            guard months.isEmpty else { return nil }
            let on: String
            if days.count == 1, monthDays.isEmpty, case let position = Int(icalrecurrencetype_day_position(days[0])), position != 0,
               let ordinal = ordinal(position) {
                on = tr("the {ordinal} {weekday}", ["ordinal": ordinal,
                                                     "weekday": weekdayName(Int(icalrecurrencetype_day_day_of_week(days[0]).rawValue) - 1)])
            } else if days.isEmpty, monthDays.count <= 1 {
                let day = monthDays.first.map(Int.init) ?? fields.day
                guard day > 0 else { return nil }
                on = tr("day {day}", ["day": String(day)])
            } else {
                return nil
            }
            return interval == 1 ? tr("Monthly on {day}", ["day": on])
                                 : tr("Every {count} months on {day}", ["count": String(interval), "day": on])
        case ICAL_YEARLY_RECURRENCE:
            guard days.isEmpty, monthDays.count <= 1, months.count <= 1 else { return nil }
            let month = months.first.map(Int.init) ?? fields.month
            let day = monthDays.first.map(Int.init) ?? fields.day
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            let date = "\(day) \(LocaleFormats.current.monthAbbreviations[month - 1])"
            return interval == 1 ? tr("Every year on {date}", ["date": date])
                                 : tr("Every {count} years on {date}", ["count": String(interval), "date": date])
        default:
            return nil
        }
    }

    private static func untilText(_ until: icaltimetype, zone: TimeZone) -> String {
        let day: LocalDate
        if until.is_date != 0 {
            day = LocalDate(year: Int(until.year), month: Int(until.month), day: Int(until.day))
        } else {
            let seconds = Double(Int(until.hour) * 3600 + Int(until.minute) * 60 + Int(until.second))
            let instant = CivilTime.instant(year: Int(until.year), month: Int(until.month), day: Int(until.day), seconds: seconds,
                                            zone: icaltime_is_utc(until) != 0 ? .gmt : zone)
            day = LocalDate(instant, in: zone)
        }
        return DatePatternText.format(day.startOfDay(in: .gmt), "d MMM yyyy", zone: .gmt)
    }

    /// The values of one of the rule's BY lists.
    private static func listed<List>(_ list: List) -> [Int16] {
        withUnsafeBytes(of: list) { bytes in
            let values = bytes.bindMemory(to: Int16.self)
            let end = values.firstIndex(of: Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)) ?? values.count
            return Array(values[..<end])
        }
    }

    /// Days 0 (Sunday) to 6, listed from Monday as calendars read a week.
    private static func sortedFromMonday(_ days: [Int]) -> [Int] {
        Array(Set(days)).sorted { ($0 + 6) % 7 < ($1 + 6) % 7 }
    }

    private static func join(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return tr("{list} and {last}", ["list": names.dropLast().joined(separator: ", "), "last": names.last!])
    }

    private static func ordinal(_ position: Int) -> String? {
        switch position {
        case 1: trc("weekday in the month", "first")
        case 2: trc("weekday in the month", "second")
        case 3: trc("weekday in the month", "third")
        case 4: trc("weekday in the month", "fourth")
        case 5: trc("weekday in the month", "fifth")
        case -1: trc("weekday in the month", "last")
        default: nil
        }
    }

    /// Day 0 is Sunday.
    static func weekdayName(_ day: Int) -> String {
        switch day {
        case 0: tr("Sunday")
        case 1: tr("Monday")
        case 2: tr("Tuesday")
        case 3: tr("Wednesday")
        case 4: tr("Thursday")
        case 5: tr("Friday")
        default: tr("Saturday")
        }
    }
}
