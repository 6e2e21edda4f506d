import Glibc

/// What the person's locale says about writing dates and times (LC_TIME) and numbers (LC_NUMERIC),
/// read from glibc once, after `Translation.start()` has set the locale. Before that (and in
/// tests) the locale is "C": English names and a 24-hour clock, the app's own defaults.
/// glibc answers from tables already in memory, so this costs nothing measurable at launch,
/// unlike opening an ICU formatter.
public struct LocaleFormats: Sendable, Equatable {
    /// "Sun" … "Sat" ("dom" … "sáb" in Spanish), Sunday first.
    public var weekdayAbbreviations: [String]
    /// "Jan" … "Dec".
    public var monthAbbreviations: [String]
    /// Whether times read "6:30 PM" rather than "18:30".
    public var twelveHour: Bool
    public var am: String
    public var pm: String
    /// Between groups of digits: "," in English, "." in Spanish.
    public var thousandsSeparator: String
    /// The sizes of the digit groups from the right, the last one repeating (3 almost
    /// everywhere; India's 3 then 2).
    public var groupSizes: [Int]
    /// Before a number's fraction, for people only: "." in English, "," in Spanish. Numbers that
    /// are stored or sent never use it (`StoredNumber` in StewardCore).
    public var decimalSeparator: String
    /// "Sunday" … "Saturday" ("domingo" … "sábado"), Sunday first: for what is heard, where an
    /// abbreviation would be spelt out letter by letter.
    public var weekdayNames: [String]
    /// "January" … "December" ("enero" … "diciembre").
    public var monthNames: [String]
    /// The day a week starts on in calendars, 0 = Sunday: Sunday in the United States, Monday
    /// in Spain (glibc's `_NL_TIME_FIRST_WEEKDAY`, counted from `_NL_TIME_WEEK_1STDAY`).
    public var firstWeekday: Int
    /// Whether dates written in numbers put the day first ("29/11": Spain, Britain) rather than
    /// the month ("11/29": the United States and the "C" locale), from glibc's `D_FMT`.
    public var dayBeforeMonth: Bool

    public init(weekdayAbbreviations: [String], monthAbbreviations: [String], twelveHour: Bool,
                am: String, pm: String, thousandsSeparator: String = ",", groupSizes: [Int] = [3],
                decimalSeparator: String = ".", weekdayNames: [String] = LocaleFormats.englishWeekdays,
                monthNames: [String] = LocaleFormats.englishMonths, firstWeekday: Int = 0,
                dayBeforeMonth: Bool = false) {
        self.dayBeforeMonth = dayBeforeMonth
        self.weekdayNames = weekdayNames.count == 7 ? weekdayNames : Self.englishWeekdays
        self.monthNames = monthNames.count == 12 ? monthNames : Self.englishMonths
        self.firstWeekday = (0..<7).contains(firstWeekday) ? firstWeekday : 0
        self.weekdayAbbreviations = weekdayAbbreviations
        self.monthAbbreviations = monthAbbreviations
        self.twelveHour = twelveHour
        self.am = am
        self.pm = pm
        self.thousandsSeparator = thousandsSeparator
        self.groupSizes = groupSizes.isEmpty ? [3] : groupSizes
        self.decimalSeparator = decimalSeparator.isEmpty ? "." : decimalSeparator
    }

    /// 100030 as "100,030" ("100.030" in Spanish). By hand: an ICU number formatter would
    /// start on the window's first frame.
    public func grouped(_ n: Int) -> String {
        var digits = Array(String(n.magnitude))
        var groups: [String] = []
        var sizes = groupSizes[...]
        while !digits.isEmpty {
            let size = sizes.count > 1 ? sizes.removeFirst() : sizes.first!
            let take = min(size, digits.count)
            groups.insert(String(digits.suffix(take)), at: 0)
            digits.removeLast(take)
        }
        return (n < 0 ? "-" : "") + groups.joined(separator: thousandsSeparator)
    }

    /// The process's locale, read at first use.
    public static let current = LocaleFormats.readFromLocale()

    /// English with a 24-hour clock: what the "C" locale says, and what tests compare against.
    public static let english = LocaleFormats(
        weekdayAbbreviations: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        monthAbbreviations: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        twelveHour: false, am: "AM", pm: "PM")

    public static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                       "September", "October", "November", "December"]

    /// The first weekday (0 = Sunday) from glibc's two items: `_NL_TIME_WEEK_1STDAY`, a date as
    /// an integer (19971130, a Sunday, in nearly every locale), and `_NL_TIME_FIRST_WEEKDAY`,
    /// the first day of the week counted from it (1 = that day).
    public static func firstWeekdayIndex(week1stDay: Int, firstWeekday: Int) -> Int {
        // 30 November 1997 was a Sunday; 1 December 1997 (19971201, some locales' base) a Monday.
        let base = week1stDay == 19971201 ? 1 : 0
        return ((base + firstWeekday - 1) % 7 + 7) % 7
    }

    /// A locale's date format (`D_FMT`: "%d/%m/%y" in es_ES, "%m/%d/%y" in en_US) puts the day first.
    public static func dayComesFirst(dateFormat: String) -> Bool {
        guard let day = dateFormat.range(of: "%d") ?? dateFormat.range(of: "%e"),
              let month = dateFormat.range(of: "%m") ?? dateFormat.range(of: "%b") else { return false }
        return day.lowerBound < month.lowerBound
    }

    /// A locale's time format (`T_FMT`) names a 12-hour clock with %I, %l or %r
    /// (en_US: "%r"; en_GB and es_ES: "%T").
    public static func usesTwelveHourClock(timeFormat: String) -> Bool {
        timeFormat.contains("%I") || timeFormat.contains("%l") || timeFormat.contains("%r")
    }

    static func readFromLocale() -> LocaleFormats {
        func info(_ item: Int32) -> String { String(cString: nl_langinfo(nl_item(item))) }
        let weekdays = [ABDAY_1, ABDAY_2, ABDAY_3, ABDAY_4, ABDAY_5, ABDAY_6, ABDAY_7].map { info(Int32($0)) }
        let months = [ABMON_1, ABMON_2, ABMON_3, ABMON_4, ABMON_5, ABMON_6,
                      ABMON_7, ABMON_8, ABMON_9, ABMON_10, ABMON_11, ABMON_12].map { info(Int32($0)) }
        let timeFormat = info(Int32(T_FMT))
        let am = info(Int32(AM_STR)), pm = info(Int32(PM_STR))
        let (separator, sizes) = numberGrouping()
        let days = [DAY_1, DAY_2, DAY_3, DAY_4, DAY_5, DAY_6, DAY_7].map { info(Int32($0)) }
        let monthNames = [MON_1, MON_2, MON_3, MON_4, MON_5, MON_6, MON_7, MON_8, MON_9, MON_10, MON_11, MON_12]
            .map { info(Int32($0)) }
        let week1stDay = Int(bitPattern: UnsafeRawPointer(nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY))))
        let firstDay = nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY)).map { Int($0.pointee) } ?? 1
        let decimalPoint = localeconv()?.pointee.decimal_point.map { String(cString: $0) } ?? "."
        return LocaleFormats(
            weekdayAbbreviations: weekdays.contains("") ? english.weekdayAbbreviations : weekdays,
            monthAbbreviations: months.contains("") ? english.monthAbbreviations : months,
            twelveHour: usesTwelveHourClock(timeFormat: timeFormat) && !am.isEmpty,
            am: am.isEmpty ? "AM" : am, pm: pm.isEmpty ? "PM" : pm,
            thousandsSeparator: separator, groupSizes: sizes, decimalSeparator: decimalPoint,
            weekdayNames: days.contains("") ? englishWeekdays : days,
            monthNames: monthNames.contains("") ? englishMonths : monthNames,
            firstWeekday: firstWeekdayIndex(week1stDay: week1stDay, firstWeekday: firstDay),
            dayBeforeMonth: dayComesFirst(dateFormat: info(Int32(D_FMT))))
    }

    /// LC_NUMERIC's thousands separator and grouping. The "C" locale has neither; Steward's
    /// English then groups by three with commas, as it always has.
    static func numberGrouping() -> (separator: String, sizes: [Int]) {
        guard let conventions = localeconv()?.pointee,
              let separatorPointer = conventions.thousands_sep, let groupingPointer = conventions.grouping else {
            return (",", [3])
        }
        let separator = String(cString: separatorPointer)
        var sizes: [Int] = []
        var cursor = groupingPointer
        // Each byte a group size from the right; 0 ends the list (the last size repeats) and
        // CHAR_MAX means no further grouping.
        while cursor.pointee > 0 && cursor.pointee < CChar.max {
            sizes.append(Int(cursor.pointee))
            cursor += 1
        }
        if separator.isEmpty || sizes.isEmpty { return (",", [3]) }
        return (separator, sizes)
    }
}
