import Foundation

/// The periods the calendar views show, in whole days: a month as the weeks that hold it (the
/// first weekday as the locale says), a week from its first weekday, and the agenda's run of
/// days from a date. Days are civil dates; the organization's zone turns them into instants.
public enum CalendarView: String, CaseIterable, Sendable {
    case list, month, week, agenda
}

public struct CalendarPeriod: Hashable, Sendable {
    /// Days the agenda shows from its date (and moves by).
    public static let agendaDays = 28

    public let view: CalendarView
    /// The date the period is about (the month's or week's or agenda's).
    public let anchor: LocalDate
    /// 0 = Sunday.
    public let firstWeekday: Int

    public init(view: CalendarView, anchor: LocalDate, firstWeekday: Int) {
        self.view = view
        self.firstWeekday = firstWeekday
        switch view {
        case .month: self.anchor = LocalDate(year: anchor.year, month: anchor.month, day: 1)
        case .week: self.anchor = Self.weekStart(of: anchor, firstWeekday: firstWeekday)
        case .agenda, .list: self.anchor = anchor
        }
    }

    /// 0 = Sunday … 6 = Saturday.
    public static func weekday(of day: LocalDate) -> Int {
        // Day 0 of the civil count is Thursday 1 January 1970.
        ((CivilTime.days(year: day.year, month: day.month, day: day.day) + 4) % 7 + 7) % 7
    }

    public static func weekStart(of day: LocalDate, firstWeekday: Int) -> LocalDate {
        day.adding(days: -((weekday(of: day) - firstWeekday + 7) % 7))
    }

    /// The first day shown and how many: a month fills whole weeks (four to six of them).
    public var days: (first: LocalDate, count: Int) {
        switch view {
        case .month:
            let first = Self.weekStart(of: anchor, firstWeekday: firstWeekday)
            let next = LocalDate(year: anchor.month == 12 ? anchor.year + 1 : anchor.year, month: anchor.month % 12 + 1, day: 1)
            let span = Self.daysBetween(first, next)
            return (first, (span + 6) / 7 * 7)
        case .week: return (anchor, 7)
        case .agenda, .list: return (anchor, Self.agendaDays)
        }
    }

    /// The instants to read occurrences between, in `zone`.
    public func range(zone: TimeZone) -> (from: Date, to: Date) {
        let (first, count) = days
        return (first.startOfDay(in: zone), first.adding(days: count).startOfDay(in: zone))
    }

    /// The period before (-1) or after (+1).
    public func moved(by step: Int) -> CalendarPeriod {
        switch view {
        case .month:
            let months = anchor.year * 12 + anchor.month - 1 + step
            return CalendarPeriod(view: view, anchor: LocalDate(year: months / 12, month: months % 12 + 1, day: 1),
                                  firstWeekday: firstWeekday)
        case .week: return CalendarPeriod(view: view, anchor: anchor.adding(days: 7 * step), firstWeekday: firstWeekday)
        case .agenda, .list:
            return CalendarPeriod(view: view, anchor: anchor.adding(days: Self.agendaDays * step), firstWeekday: firstWeekday)
        }
    }

    /// Whether `day` is among the days shown.
    public func contains(_ day: LocalDate) -> Bool {
        let (first, count) = days
        return day >= first && day < first.adding(days: count)
    }

    static func daysBetween(_ a: LocalDate, _ b: LocalDate) -> Int {
        CivilTime.days(year: b.year, month: b.month, day: b.day) - CivilTime.days(year: a.year, month: a.month, day: a.day)
    }
}
