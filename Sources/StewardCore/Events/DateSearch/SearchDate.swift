import Foundation

/// The days a date typed in a search stands for, in the organization's calendar: one day
/// ("29 Nov", "tomorrow"), a week ("next week") or a month ("december").
public struct SearchDateSpan: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case day, week, month
    }

    public var kind: Kind
    public var first: LocalDate
    /// The last day covered, included.
    public var last: LocalDate

    public init(kind: Kind, first: LocalDate, last: LocalDate) {
        self.kind = kind
        self.first = first
        self.last = last
    }

    public static func day(_ date: LocalDate) -> SearchDateSpan { SearchDateSpan(kind: .day, first: date, last: date) }

    public static func month(year: Int, month: Int) -> SearchDateSpan {
        SearchDateSpan(kind: .month, first: LocalDate(year: year, month: month, day: 1),
                       last: LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year)))
    }

    /// From the first day's midnight to the midnight after the last, in `zone`.
    public func interval(in zone: TimeZone) -> DateInterval {
        DateInterval(start: first.startOfDay(in: zone), end: last.adding(days: 1).startOfDay(in: zone))
    }
}

/// A search read as a date and the words left over: "worship december" is December and
/// "worship".
public struct DateSearch: Hashable, Sendable {
    public var span: SearchDateSpan
    /// The search's other words, searched as text among the events of `span`.
    public var text: String

    public init(span: SearchDateSpan, text: String) {
        self.span = span
        self.text = text
    }
}
