import CICal
import Foundation
import Translation

/// A repeating event: its first occurrence's timing, its rule, and its exceptions. Occurrences
/// are named by their original start, local to the series' zone (`2026-12-02T19:00`) or, for
/// all-day series, their date (`2026-12-02`): the form EXDATE and RECURRENCE-ID take, which a
/// moved occurrence keeps forever.
///
/// The rule is expanded by libical on local wall-clock time, and each local start is then
/// placed in the series' zone, so 19:00 stays 19:00 across daylight-saving changes (a start in
/// the hour skipped in spring is read with the offset before the gap, as RFC 5545 says). An
/// UNTIL in UTC is compared with each occurrence's UTC start, which libical 3.0 does not do.
public struct Series: Sendable {
    public let timing: EventTiming
    /// nil: the series is its first occurrence and its extra dates (RDATE alone).
    public let rule: RepeatRule?
    /// EXDATE: occurrences that do not happen.
    public var cancelled: Set<String> = []
    /// RDATE: dates the rule does not give that the series has too.
    public var extra: [String] = []
    /// RECURRENCE-ID: occurrences held at another time (their own timing).
    public var moved: [String: EventTiming] = [:]

    public init(timing: EventTiming, rule: RepeatRule?) {
        self.timing = timing
        self.rule = rule
    }

    /// One occurrence: its name, its own timing (moved or as the rule gives it), and when it
    /// starts and ends (all-day ones at the start of their days in the zone given).
    public struct Occurrence: Hashable, Sendable {
        public let key: String
        public let timing: EventTiming
        public let start: Date
        public let end: Date
        public let isMoved: Bool
    }

    /// A walk longer than this gives up: a rule that makes so many dates before the window is
    /// refused when it is written (see `check`).
    static let mostDatesWalked = 200_000

    /// The occurrences that start in `[from, to)`, in order of start; cancelled ones left out,
    /// moved ones at their new time. `zone` places all-day occurrences (the organization's).
    public func occurrences(from: Date, to: Date, zone: TimeZone) -> [Occurrence] {
        var found: [Occurrence] = []
        walk(zone: zone, until: to) { occurrence in
            if occurrence.start >= from, occurrence.start < to { found.append(occurrence) }
        }
        for (key, movedTiming) in moved where !cancelled.contains(key) {
            guard let (start, end) = Self.span(movedTiming, zone: zone), start >= from, start < to else { continue }
            found.append(Occurrence(key: key, timing: movedTiming, start: start, end: end, isMoved: true))
        }
        return found.sorted { ($0.start, $0.key) < ($1.start, $1.key) }
    }

    /// How many dates the rule gives before the occurrence named `key` (cancelled ones
    /// included, as COUNT counts them).
    public func ruleDates(before key: String, zone: TimeZone) -> Int {
        guard let rule, let limit = start(of: key, zone: zone) else { return 0 }
        var plain = Series(timing: timing, rule: rule)
        plain.extra = []
        var count = 0
        plain.walk(zone: zone, until: limit) { _ in count += 1 }
        return count
    }

    /// When the last occurrence ends; nil when the series never ends (a rule with neither COUNT
    /// nor UNTIL) or goes on past what a walk reaches.
    public func lastEnd(zone: TimeZone) -> Date? {
        if let rule, rule.recurrence.count == 0, icaltime_is_null_time(rule.recurrence.until) != 0 { return nil }
        var last: Date?
        var walked = 0
        walk(zone: zone, until: .distantFuture) { occurrence in
            walked += 1
            last = max(last ?? occurrence.end, occurrence.end)
        }
        if walked >= Self.mostDatesWalked { return nil }
        for (key, movedTiming) in moved where !cancelled.contains(key) {
            if let (_, end) = Self.span(movedTiming, zone: zone) { last = max(last ?? end, end) }
        }
        return last
    }

    /// Every occurrence the rule and the extra dates give up to `until` (moved ones at their
    /// original time are left out: the caller adds them where they are now), cancelled ones
    /// skipped. Stops at the end of a COUNT or UNTIL.
    private func walk(zone: TimeZone, until end: Date, _ visit: (Occurrence) -> Void) {
        guard let (firstStart, firstEnd) = Self.span(timing, zone: zone) else { return }
        let length = firstEnd.timeIntervalSince(firstStart)
        var keys = Set<String>()
        func add(_ key: String, _ start: Date) {
            guard !cancelled.contains(key), moved[key] == nil, keys.insert(key).inserted else { return }
            let own = ownTiming(startingAt: start, key: key)
            visit(Occurrence(key: key, timing: own, start: start, end: start.addingTimeInterval(length), isMoved: false))
        }
        for key in extra {
            if let start = start(of: key, zone: zone) { add(key, start) }
        }
        guard let rule else {
            add(Self.key(firstLocalTime, allDay: isAllDay), firstStart)
            return
        }
        var recurrence = rule.recurrence
        let until = recurrence.until
        let hasUntil = icaltime_is_null_time(until) == 0
        if hasUntil {
            // libical compares UNTIL with local times as if they were UTC: let it run a day
            // past and compare the UTC starts here.
            var loose = until
            loose.is_date = 0
            loose.zone = nil
            recurrence.until = icaltime_add(loose, icaldurationtype_from_int(2 * 86_400))
        }
        guard let iterator = icalrecur_iterator_new(recurrence, firstLocalTime) else { return }
        defer { icalrecur_iterator_free(iterator) }
        var walked = 0
        while walked < Self.mostDatesWalked {
            walked += 1
            let next = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(next) == 0 else { break }
            let key = Self.key(next, allDay: isAllDay)
            guard let start = start(of: key, zone: zone) else { continue }
            if hasUntil, !Self.isOnOrBefore(start, key: key, until: until, zone: seriesZone ?? zone) { break }
            if start >= end { break }
            add(key, start)
        }
    }

    // MARK: the series' zone, keys and times

    /// The first occurrence's name.
    public var firstKey: String { Self.key(firstLocalTime, allDay: isAllDay) }

    private var isAllDay: Bool {
        if case .allDay = timing { return true }
        return false
    }

    private var seriesZone: TimeZone? {
        if case .timed(_, _, let name) = timing { return TimeZone(identifier: name) }
        return nil
    }

    /// The first occurrence's start as libical's floating local time (a date for all-day).
    private var firstLocalTime: icaltimetype {
        var time = icaltime_null_time()
        switch timing {
        case .timed(let start, _, _):
            let fields = CivilTime.fields(start, zone: seriesZone ?? .gmt)
            time.year = Int32(fields.year)
            time.month = Int32(fields.month)
            time.day = Int32(fields.day)
            time.hour = Int32(fields.hour)
            time.minute = Int32(fields.minute)
            time.second = Int32(fields.second)
        case .allDay(let first, _):
            time.year = Int32(first.year)
            time.month = Int32(first.month)
            time.day = Int32(first.day)
            time.is_date = 1
        case .untimed:
            break
        }
        return time
    }

    /// `2026-12-02T19:00` (seconds only when not zero), or `2026-12-02` for all-day.
    static func key(_ time: icaltimetype, allDay: Bool) -> String {
        let date = LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)).description
        if allDay { return date }
        var text = date + "T"
        CivilTime.appendPadded(Int(time.hour), width: 2, to: &text)
        text += ":"
        CivilTime.appendPadded(Int(time.minute), width: 2, to: &text)
        if time.second != 0 {
            text += ":"
            CivilTime.appendPadded(Int(time.second), width: 2, to: &text)
        }
        return text
    }

    /// When the occurrence named `key` starts: its local start in the series' zone, or the
    /// start of its day in `zone`.
    public func start(of key: String, zone: TimeZone) -> Date? {
        if isAllDay { return LocalDate(iso: key)?.startOfDay(in: zone) }
        guard key.count >= 16, let date = LocalDate(iso: String(key.prefix(10))), key[key.index(key.startIndex, offsetBy: 10)] == "T" else {
            return nil
        }
        let clock = key.dropFirst(11).split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0 != nil }) else { return nil }
        let (hour, minute, second) = (clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0)
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        return CivilTime.instant(year: date.year, month: date.month, day: date.day,
                                 seconds: Double(hour * 3600 + minute * 60 + second), zone: seriesZone ?? zone)
    }

    /// The timing the series gives the occurrence named `key` (its first one's, moved there);
    /// the first occurrence's when the key names no time.
    public func timing(ofOccurrence key: String) -> EventTiming {
        guard let start = start(of: key, zone: .gmt) else { return timing }
        return ownTiming(startingAt: start, key: key)
    }

    /// The timing of an occurrence the rule gives at `start`: the first one's, moved there.
    private func ownTiming(startingAt start: Date, key: String) -> EventTiming {
        switch timing {
        case .timed(let first, let end, let zone):
            return .timed(start: start, end: start.addingTimeInterval(end.timeIntervalSince(first)), timeZone: zone)
        case .allDay(let first, let last):
            let day = LocalDate(iso: key) ?? first
            let span = CivilTime.days(year: last.year, month: last.month, day: last.day)
                - CivilTime.days(year: first.year, month: first.month, day: first.day)
            return .allDay(first: day, last: day.adding(days: span))
        case .untimed:
            return .untimed
        }
    }

    /// Where a timing starts and ends on the clock (all-day: from the start of its first day to
    /// the start of the day after its last, in `zone`); nil for an ongoing event.
    static func span(_ timing: EventTiming, zone: TimeZone) -> (Date, Date)? {
        switch timing {
        case .timed(let start, let end, _): return (start, end)
        case .allDay(let first, let last): return (first.startOfDay(in: zone), last.adding(days: 1).startOfDay(in: zone))
        case .untimed: return nil
        }
    }

    /// Whether an occurrence falls within UNTIL: a UTC UNTIL against its UTC start, a date
    /// UNTIL against its local date, a floating one against its local time.
    private static func isOnOrBefore(_ start: Date, key: String, until: icaltimetype, zone: TimeZone) -> Bool {
        if until.is_date != 0 {
            let date = LocalDate(year: Int(until.year), month: Int(until.month), day: Int(until.day))
            return String(key.prefix(10)) <= date.description
        }
        if icaltime_is_utc(until) != 0 {
            let limit = CivilTime.instant(year: Int(until.year), month: Int(until.month), day: Int(until.day),
                                          seconds: Double(Int(until.hour) * 3600 + Int(until.minute) * 60 + Int(until.second)),
                                          zone: .gmt)
            return start <= limit
        }
        return key <= Self.key(until, allDay: false)
    }
}
