import Foundation

/// When an event happens. Real calendars hold all three kinds: a service at 10:30, a festival
/// over a weekend, and an ongoing activity (a mural walk) with no time at all.
public enum EventTiming: Hashable, Sendable {
    /// Starts and ends at instants; `timeZone` is where the times were meant.
    case timed(start: Date, end: Date, timeZone: String)
    /// Whole days, `last` included.
    case allDay(first: LocalDate, last: LocalDate)
    /// An ongoing, location-based activity.
    case untimed

    public enum Kind: String, CaseIterable, Codable, Sendable {
        case timed
        case allDay = "all-day"
        case untimed
    }

    public var kind: Kind {
        switch self {
        case .timed: .timed
        case .allDay: .allDay
        case .untimed: .untimed
        }
    }

    /// The instant used to sort and to tell past from upcoming; nil for untimed events.
    public func sortStart(orgZone: TimeZone) -> Date? {
        switch self {
        case .timed(let start, _, _): start
        case .allDay(let first, _): first.startOfDay(in: orgZone)
        case .untimed: nil
        }
    }

    /// The instant the event is over; nil for untimed events.
    public func sortEnd(orgZone: TimeZone) -> Date? {
        switch self {
        case .timed(_, let end, _): end
        case .allDay(_, let last): last.adding(days: 1).startOfDay(in: orgZone)
        case .untimed: nil
        }
    }
}
