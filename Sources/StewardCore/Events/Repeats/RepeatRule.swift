import CICal
import Foundation
import Translation

/// How a series repeats: an RFC 5545 recurrence rule (the RRULE value, without `RRULE:`), read
/// and expanded by libical. Events repeat daily at most often: a rule by the hour, minute or
/// second is refused (no organization runs those as events, and such rules that no date fits
/// keep libical searching for centuries). The text kept is libical's canonical form, so the
/// same rule typed two ways is stored, sent and compared alike.
public struct RepeatRule: Hashable, Sendable, CustomStringConvertible {
    /// libical's canonical text, like `FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z`.
    public let text: String

    /// Reads a rule as typed (an `RRULE:` prefix and spaces are allowed); refuses what libical
    /// cannot read (or would read only in part), a frequency below daily, and COUNT with UNTIL.
    /// Whether any date after the start fits the rule is the series' to check (`Series`).
    public init(_ typed: String) throws(ValidationError) {
        do throws(FieldError) {
            try self.init(checking: typed)
        } catch {
            throw ValidationError(field: "repeat", message: error.message)
        }
    }

    init(checking typed: String) throws(FieldError) {
        var body = FieldParsers.trimmed(typed)
        if body.uppercased().hasPrefix("RRULE:") { body = String(body.dropFirst(6)) }
        body = body.replacingOccurrences(of: " ", with: "")
        guard !body.isEmpty else { throw FieldError(tr("is empty; give a rule like FREQ=WEEKLY;BYDAY=WE")) }
        guard body.count <= 1000, body.allSatisfy({ $0.isASCII && !$0.isNewline }) else {
            throw FieldError(tr("must be a repeat rule like FREQ=WEEKLY;BYDAY=WE (got \"{value}\")", ["value": String(typed.prefix(80))]))
        }
        guard var rule = Self.parsed(body) else {
            throw FieldError(tr("must be a repeat rule like FREQ=WEEKLY;BYDAY=WE (got \"{value}\")", ["value": String(typed.prefix(80))]))
        }
        guard Int(rule.freq.rawValue) >= Int(ICAL_DAILY_RECURRENCE.rawValue) else {
            throw FieldError(tr("must repeat daily, weekly, monthly or yearly; an event cannot repeat by the hour, minute or second"))
        }
        if rule.count > 0, icaltime_is_null_time(rule.until) == 0 {
            throw FieldError(tr("cannot have both COUNT and UNTIL; give one of them"))
        }
        if rule.count < 0 || rule.count > Self.mostCounted {
            throw FieldError(tr("COUNT must be from 1 to {most}", ["most": String(Self.mostCounted)]))
        }
        guard let canonical = icalrecurrencetype_as_string_r(&rule) else {
            throw FieldError(tr("must be a repeat rule like FREQ=WEEKLY;BYDAY=WE (got \"{value}\")", ["value": String(typed.prefix(80))]))
        }
        defer { free(canonical) }
        text = String(cString: canonical)
    }

    /// A series of more is a mistake, not a plan (a daily class for 27 years).
    public static let mostCounted = 10_000

    public var description: String { text }

    /// The rule as libical holds it.
    var recurrence: icalrecurrencetype {
        Self.parsed(text) ?? icalrecurrencetype()
    }

    /// libical's reading of `text`; nil when it finds it malformed.
    static func parsed(_ text: String) -> icalrecurrencetype? {
        icalerror_clear_errno()
        // libical only warns about some malformed parts and leaves them out: compare what it
        // read with what was typed, part by part, so nothing typed is silently dropped.
        let rule = icalrecurrencetype_from_string(text)
        guard icalerrno_return()?.pointee == ICAL_NO_ERROR, rule.freq != ICAL_NO_RECURRENCE else { return nil }
        var copy = rule
        guard let written = icalrecurrencetype_as_string_r(&copy) else { return nil }
        defer { free(written) }
        let typedParts = Set(text.uppercased().split(separator: ";").map { $0.split(separator: "=").first.map(String.init) ?? "" })
        let readParts = Set(String(cString: written).split(separator: ";").map { $0.split(separator: "=").first.map(String.init) ?? "" })
        // WKST=MO and INTERVAL=1 are libical's defaults, which it does not write back.
        guard typedParts.subtracting(["WKST", "INTERVAL"]).isSubset(of: readParts) else { return nil }
        return rule
    }
}

extension RepeatRule {
    /// The rule ending just before `start` (UNTIL one second before it in UTC, or the day
    /// before for an all-day series), COUNT dropped: the old half of a split series.
    func ending(before start: Date, allDay: Bool, zone: TimeZone) -> RepeatRule {
        var rule = recurrence
        rule.count = 0
        var until = icaltime_null_time()
        if allDay {
            let day = LocalDate(start, in: zone).adding(days: -1)
            until.year = Int32(day.year)
            until.month = Int32(day.month)
            until.day = Int32(day.day)
            until.is_date = 1
        } else {
            until = icaltime_from_timet_with_zone(time_t(start.timeIntervalSince1970 - 1), 0, icaltimezone_get_utc_timezone())
        }
        rule.until = until
        return Self.written(&rule) ?? self
    }

    /// The rule with COUNT `count`: the new half of a split series that counted its dates.
    func counting(_ count: Int) -> RepeatRule {
        var rule = recurrence
        rule.count = Int32(max(1, count))
        return Self.written(&rule) ?? self
    }

    /// How many dates COUNT allows; 0 when the rule has no COUNT.
    var count: Int { Int(recurrence.count) }

    private static func written(_ rule: inout icalrecurrencetype) -> RepeatRule? {
        guard let text = icalrecurrencetype_as_string_r(&rule) else { return nil }
        defer { free(text) }
        return try? RepeatRule(checking: String(cString: text))
    }
}
