import Foundation
import Translation

/// When something happens, as one field: timed (start, end, zone), all-day (first and last day)
/// or ongoing ("untimed" on the wire). On the wire and in the database it stays flat, as six
/// keys of the record (`timing`, `startsAt`, `endsAt`, `startDate`, `endDate`, `timeZone`), so
/// the field reads and writes those keys rather than one of its name. Problems are reported
/// under the names people type: `timing`, `starts`, `ends`, `time-zone`.
public enum TimingField {
    // The record's keys.
    public static let kindKey = "timing"
    public static let startsAt = "startsAt"
    public static let endsAt = "endsAt"
    public static let startDate = "startDate"
    public static let endDate = "endDate"
    public static let timeZone = "timeZone"
    public static let keys = [kindKey, startsAt, endsAt, startDate, endDate, timeZone]

    /// The names validation reports problems under, as the command line spells its options.
    public enum Part {
        public static let timing = "timing"
        public static let starts = "starts"
        public static let ends = "ends"
        public static let timeZone = "time-zone"
        public static let all = [timing, starts, ends, timeZone]
    }

    /// The six keys as fields of their own, for what reads one key at a time (a submission's
    /// changes since approval, history): each with its label and the kind of its value.
    public static let parts: [FieldSpec] = [
        FieldSpec(kindKey, trLater("Timing"), .choice(EventTiming.Kind.allCases.map(\.rawValue)), help: trLater("How the event is timed.")),
        FieldSpec(startsAt, trLater("Starts"), .dateTime, help: trLater("When a timed event starts.")),
        FieldSpec(endsAt, trLater("Ends"), .dateTime, help: trLater("When a timed event ends.")),
        FieldSpec(startDate, trLater("Starts"), .date, help: trLater("The first day of an all-day event.")),
        FieldSpec(endDate, trLater("Ends"), .date, help: trLater("The last day of an all-day event.")),
        FieldSpec(timeZone, trLater("Time zone"), .text(maxLength: 100), help: trLater("The zone a timed event's times are in.")),
    ]

    /// The field's value: an object of its six keys as the record holds them.
    public static func value(in record: JSONValue?) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for key in keys { object[key] = record?[key] ?? .null }
        return .object(object)
    }

    /// The timing a canonical value holds; nil when it holds none that reads.
    public static func timing(of value: JSONValue?) -> EventTiming? {
        guard let value, let word = value[kindKey]?.stringValue, let kind = EventTiming.Kind(rawValue: word) else { return nil }
        switch kind {
        case .untimed:
            return .untimed
        case .allDay:
            guard let first = value[startDate]?.stringValue.flatMap(LocalDate.init(iso:)),
                  let last = value[endDate]?.stringValue.flatMap(LocalDate.init(iso:)) else { return nil }
            return .allDay(first: first, last: last)
        case .timed:
            guard let start = value[startsAt]?.stringValue.flatMap(DateTimeText.parseUTC),
                  let end = value[endsAt]?.stringValue.flatMap(DateTimeText.parseUTC),
                  let zone = value[timeZone]?.stringValue else { return nil }
            return .timed(start: start, end: end, timeZone: zone)
        }
    }

    /// The canonical keys of a timing: the ones it does not use are null.
    public static func values(of timing: EventTiming) -> [String: JSONValue] {
        var values: [String: JSONValue] = [kindKey: .string(timing.kind.rawValue)]
        for key in keys.dropFirst() { values[key] = .null }
        switch timing {
        case .timed(let start, let end, let zone):
            values[startsAt] = .string(DateTimeText.utc(start))
            values[endsAt] = .string(DateTimeText.utc(end))
            values[timeZone] = .string(zone)
        case .allDay(let first, let last):
            values[startDate] = .string(first.description)
            values[endDate] = .string(last.description)
        case .untimed:
            break
        }
        return values
    }

    /// Checks the timing keys of a record as typed or received and returns them canonical.
    /// Times without an offset are in the named zone, or `zone` when none is named. A timed
    /// end left out entirely (as a form leaves an empty one) is an hour after the start, an
    /// all-day end the first day; a timed end sent empty is refused, as a record another side
    /// sends always carries one. Each problem goes to `issues` under its part's name.
    static func parse(_ given: [String: JSONValue], limits: TimingLimits, zone orgZone: TimeZone,
                      issues: inout IssueCollector) -> [String: JSONValue]? {
        var reader = Reader(given: given)
        defer { for issue in reader.issues.issues { issues.add(issue.field, issue.message) } }
        let word = reader.text(kindKey, Part.timing)
        let zoneText = reader.text(timeZone, Part.timeZone)
        var zoneName: String?
        do { zoneName = try FieldParsers.timeZone(zoneText) } catch { reader.issues.add(Part.timeZone, error.message) }
        guard let kind = EventTiming.Kind(rawValue: word) else {
            reader.issues.add(Part.timing, tr("must be one of timed, all-day, untimed"))
            return nil
        }
        let timing: EventTiming?
        switch kind {
        case .untimed:
            timing = reader.untimed()
        case .allDay:
            timing = reader.allDay(limits: limits)
        case .timed:
            let zone = zoneName.flatMap(TimeZone.init(identifier:)) ?? orgZone
            timing = reader.timed(limits: limits, zone: zone, zoneName: zoneName ?? orgZone.identifier)
        }
        guard let timing, reader.issues.issues.isEmpty else { return nil }
        return values(of: timing)
    }

    /// Reads the keys strictly: text is text, nothing is empty, anything else is refused naming
    /// the part rather than turned into text.
    private struct Reader {
        let given: [String: JSONValue]
        var issues = IssueCollector()

        mutating func text(_ key: String, _ part: String) -> String {
            switch given[key] {
            case .string(let text)?: return text
            case nil, .null?: return ""
            case let other?:
                if !issues.issues.contains(where: { $0.field == part }) {
                    issues.add(part, tr("must be text (got {value})", ["value": other.canonicalText]))
                }
                return ""
            }
        }

        func has(_ part: String) -> Bool { issues.issues.contains { $0.field == part } }

        mutating func untimed() -> EventTiming? {
            let starts = FieldParsers.trimmed(text(startsAt, Part.starts) + text(startDate, Part.starts))
            let ends = FieldParsers.trimmed(text(endsAt, Part.ends) + text(endDate, Part.ends))
            if !starts.isEmpty { issues.add(Part.starts, tr("must be empty for an untimed event (or make it timed)")) }
            if !ends.isEmpty { issues.add(Part.ends, tr("must be empty for an untimed event (or make it timed)")) }
            return .untimed
        }

        mutating func allDay(limits: TimingLimits) -> EventTiming? {
            let startText = FieldParsers.trimmed(text(startDate, Part.starts))
            let endText = FieldParsers.trimmed(text(endDate, Part.ends))
            if has(Part.starts) || has(Part.ends) { return nil }
            guard !startText.isEmpty else {
                issues.add(Part.starts, tr("is required: the first day, like 2026-12-01"))
                return nil
            }
            guard let first = LocalDate(iso: startText) else {
                issues.add(Part.starts, tr("must be a date like 2026-12-01 (got \"{value}\")", ["value": startText]))
                return nil
            }
            var last = first
            if !endText.isEmpty {
                guard let parsed = LocalDate(iso: endText) else {
                    issues.add(Part.ends, tr("must be a date like 2026-12-01 (got \"{value}\")", ["value": endText]))
                    return nil
                }
                last = parsed
            }
            if last < first {
                issues.add(Part.ends, tr("must be on or after the first day ({date})", ["date": first.description]))
                return nil
            }
            if last > first.adding(days: limits.longestAllDaySpan) {
                issues.add(Part.ends, tr("must be within a year of the first day"))
                return nil
            }
            return .allDay(first: first, last: last)
        }

        mutating func timed(limits: TimingLimits, zone: TimeZone, zoneName: String) -> EventTiming? {
            let startText = FieldParsers.trimmed(text(startsAt, Part.starts))
            let endText = FieldParsers.trimmed(text(endsAt, Part.ends))
            if endText.isEmpty, given[endsAt] != nil, !has(Part.ends) { issues.add(Part.ends, tr("is required")) }
            if has(Part.starts) || has(Part.ends) { return nil }
            guard !startText.isEmpty else {
                issues.add(Part.starts, tr("is required: a date and time like 2026-12-01T18:00"))
                return nil
            }
            guard let start = DateTimeText.parse(startText, zone: zone) else {
                issues.add(Part.starts, tr("must be a date and time like 2026-12-01T18:00 (got \"{value}\")", ["value": startText]))
                return nil
            }
            var end = start.addingTimeInterval(limits.defaultDuration)
            if !endText.isEmpty {
                guard let parsed = DateTimeText.parse(endText, zone: zone) else {
                    issues.add(Part.ends, tr("must be a date and time like 2026-12-01T20:00 (got \"{value}\")", ["value": endText]))
                    return nil
                }
                end = parsed
            }
            if end <= start {
                issues.add(Part.ends, tr("must be after the start ({start})", ["start": DateTimeText.local(start, zone: zone)]))
                return nil
            }
            if end.timeIntervalSince(start) > limits.longestTimed {
                issues.add(Part.ends, tr("must be within a year of the start; use an all-day event for long runs"))
                return nil
            }
            return .timed(start: start, end: end, timeZone: zoneName)
        }
    }
}

extension FieldSpec {
    /// The fields this one travels as: itself, or a timing field's six keys.
    public var wireFields: [FieldSpec] {
        if case .timing = kind { return TimingField.parts }
        return [self]
    }

    /// This field's value in a record (`fields`): its key's, or a timing's object of six keys.
    public func value(in record: JSONValue?) -> JSONValue? {
        if case .timing = kind { return record.map(TimingField.value(in:)) }
        return record?[name]
    }
}

extension RecordType {
    /// Every key a record of this type holds, as fields: a timing field's six keys in its place.
    public var wireFields: [FieldSpec] { fields.flatMap(\.wireFields) }

    /// The field a record key belongs to on its own (`startsAt`), for what reads one key at a time.
    public func wireField(_ key: String) -> FieldSpec? {
        wireFields.first { $0.name == key }
    }
}
