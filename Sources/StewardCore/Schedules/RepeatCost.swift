import CICal
import Foundation

/// How many dates libical walks to expand an event's repeat rules up to a given day.
///
/// libical expands a rule from its DTSTART, one candidate date at a time, and has no limit of
/// its own: a class that repeats every 15 minutes from the year 227 (a typo in a feed) takes
/// the refresh hours before it reaches the timetable's window. A feed whose rules would walk
/// more than `mostDatesWalked` dates is refused in words instead. The estimate counts the
/// rule's periods (every INTERVAL × FREQ from DTSTART, fewer when COUNT or UNTIL ends it
/// sooner) times the dates each BY list can add within one period; it errs high, never low.
enum RepeatCost {
    /// Far above any real timetable: a daily class since 1900 walks about 46,000 dates, a class
    /// on five weekdays for 30 years about 8,000.
    static let mostDatesWalked = 200_000

    /// Whether one of the event's rules repeats by the second, minute or hour on chosen days,
    /// months, weeks or positions. When no date fits such a rule (BYMONTH=2;BYMONTHDAY=30),
    /// libical 3.0 looks for the next one hour by hour until the year 2582: 9 s for an hourly
    /// rule, minutes for a minutely one, hours for a secondly one. The same classes are written
    /// as a daily or weekly rule with BYHOUR and BYMINUTE, which costs a day per step.
    static func repeatsWithinADayOnChosenDays(_ event: OpaquePointer) -> Bool {
        var property = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY)
        while let rule = property {
            let recurrence = icalproperty_get_rrule(rule)
            if Int(recurrence.freq.rawValue) < Int(ICAL_DAILY_RECURRENCE.rawValue),
               [listed(recurrence.by_day), listed(recurrence.by_month_day), listed(recurrence.by_month),
                listed(recurrence.by_year_day), listed(recurrence.by_week_no), listed(recurrence.by_set_pos)]
                .contains(where: { $0 > 0 }) {
                return true
            }
            property = icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY)
        }
        return false
    }

    static func datesWalked(by event: OpaquePointer, until end: Date) -> Double {
        let start = icalcomponent_get_dtstart(event)
        let startSeconds = seconds(start)
        var total = 0.0
        var property = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY)
        while let rule = property {
            total += dates(of: icalproperty_get_rrule(rule), from: startSeconds, to: end.timeIntervalSince1970)
            property = icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY)
        }
        return total
    }

    private static func dates(of rule: icalrecurrencetype, from start: Double, to end: Double) -> Double {
        guard let length = periodSeconds(rule.freq) else { return 0 }
        var last = end
        if icaltime_is_null_time(rule.until) == 0 {
            last = min(last, seconds(rule.until))
        }
        let period = length * Double(max(1, Int(rule.interval)))
        var periods = max(0, (last - start) / period) + 1
        var perPeriod = 1.0
        // A BY list names dates inside each period only when its unit is shorter than FREQ;
        // a longer one filters (the walk still visits every period, counted above).
        let freq = Int(rule.freq.rawValue)
        if freq > Int(ICAL_SECONDLY_RECURRENCE.rawValue) { perPeriod *= factor(rule.by_second) }
        if freq > Int(ICAL_MINUTELY_RECURRENCE.rawValue) { perPeriod *= factor(rule.by_minute) }
        if freq > Int(ICAL_HOURLY_RECURRENCE.rawValue) { perPeriod *= factor(rule.by_hour) }
        if freq > Int(ICAL_DAILY_RECURRENCE.rawValue) { perPeriod *= max(factor(rule.by_day), factor(rule.by_month_day)) }
        if freq > Int(ICAL_MONTHLY_RECURRENCE.rawValue) {
            perPeriod *= max(factor(rule.by_month), factor(rule.by_year_day), factor(rule.by_week_no))
        }
        if rule.count > 0 {
            // COUNT ends the walk after as many dates, but the walk visits every period's
            // candidates on the way; a filtering rule may skip many periods per date kept.
            periods = min(periods, Double(rule.count) * periodsPerDateKept(rule))
        }
        return periods * perPeriod
    }

    /// Periods the walk may pass for each date COUNT counts: one, unless a BY list longer than
    /// FREQ filters the periods (BYMONTH=2 on a daily rule keeps one period in about twelve).
    private static func periodsPerDateKept(_ rule: icalrecurrencetype) -> Double {
        let freq = Int(rule.freq.rawValue)
        let filters = (freq < Int(ICAL_MINUTELY_RECURRENCE.rawValue) && listed(rule.by_minute) > 0)
            || (freq < Int(ICAL_HOURLY_RECURRENCE.rawValue) && listed(rule.by_hour) > 0)
            || (freq < Int(ICAL_DAILY_RECURRENCE.rawValue) && (listed(rule.by_day) > 0 || listed(rule.by_month_day) > 0))
            || (freq < Int(ICAL_YEARLY_RECURRENCE.rawValue)
                && (listed(rule.by_month) > 0 || listed(rule.by_year_day) > 0 || listed(rule.by_week_no) > 0))
        return filters ? .infinity : 1
    }

    /// A time's seconds since 1970 read as UTC, for any year (libical's own conversion gives up
    /// outside 1970 to 2038 on some builds); a few hours' error from the zone does not matter.
    private static func seconds(_ time: icaltimetype) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: Int(time.year), month: Int(time.month), day: Int(time.day),
                                        hour: Int(time.hour), minute: Int(time.minute), second: Int(time.second))
        return calendar.date(from: components)?.timeIntervalSince1970 ?? 0
    }

    private static func periodSeconds(_ freq: icalrecurrencetype_frequency) -> Double? {
        switch freq {
        case ICAL_SECONDLY_RECURRENCE: 1
        case ICAL_MINUTELY_RECURRENCE: 60
        case ICAL_HOURLY_RECURRENCE: 3_600
        case ICAL_DAILY_RECURRENCE: 86_400
        case ICAL_WEEKLY_RECURRENCE: 7 * 86_400
        case ICAL_MONTHLY_RECURRENCE: 28 * 86_400
        case ICAL_YEARLY_RECURRENCE: 365 * 86_400
        default: nil
        }
    }

    /// The number of values in one of the rule's BY lists.
    private static func listed<List>(_ list: List) -> Int {
        withUnsafeBytes(of: list) { bytes in
            let values = bytes.bindMemory(to: Int16.self)
            return values.firstIndex(of: Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)) ?? values.count
        }
    }

    /// What a BY list multiplies the dates of a period by (an empty list: one).
    private static func factor<List>(_ list: List) -> Double { Double(max(1, listed(list))) }
}
