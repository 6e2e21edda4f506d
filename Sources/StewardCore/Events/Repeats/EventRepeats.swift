import Foundation

/// How an event repeats: its rule and its exceptions, as the event's fields `repeat`,
/// `cancelledOccurrences`, `extraOccurrences` and `changedOccurrences` hold them (see
/// docs/repeating-events.md). An event with no rule and no extra dates happens once.
public struct EventRepeats: Hashable, Sendable {
    /// The RRULE value in libical's form; nil: no rule.
    public var rule: RepeatRule?
    /// EXDATE: occurrences that do not happen, by original start.
    public var cancelled: [String] = []
    /// RDATE: starts the rule does not give.
    public var extra: [String] = []
    /// RECURRENCE-ID: occurrences that differ from the series.
    public var changed: [ChangedOccurrence] = []

    public init(rule: RepeatRule? = nil, cancelled: [String] = [], extra: [String] = [], changed: [ChangedOccurrence] = []) {
        self.rule = rule
        self.cancelled = cancelled
        self.extra = extra
        self.changed = changed
    }

    public static let none = EventRepeats()

    /// Whether the event is a series (a rule, or extra dates of its own).
    public var isSeries: Bool { rule != nil || !extra.isEmpty }

    /// The series of an event with this timing; nil when it happens once.
    public func series(timing: EventTiming) -> Series? {
        guard isSeries, timing.kind != .untimed else { return nil }
        var series = Series(timing: timing, rule: rule)
        series.cancelled = Set(cancelled)
        series.extra = extra
        for change in changed {
            series.moved[change.occurrence] = change.timing ?? series.timing(ofOccurrence: change.occurrence)
        }
        return series
    }
}

/// One occurrence of a series that differs from it: another time, and/or another title, place
/// or description (empty: the series').
public struct ChangedOccurrence: Hashable, Sendable {
    /// Its original start (the RECURRENCE-ID).
    public var occurrence: String
    /// Its own time; nil: the one the series gives it.
    public var timing: EventTiming?
    public var title = ""
    public var locationName = ""
    public var description = ""

    public init(occurrence: String, timing: EventTiming? = nil, title: String = "", locationName: String = "", description: String = "") {
        self.occurrence = occurrence
        self.timing = timing
        self.title = title
        self.locationName = locationName
        self.description = description
    }
}

extension EventRepeats {
    /// The event's fields that hold these, as records carry them.
    public static let fieldNames = ["repeat", "cancelledOccurrences", "extraOccurrences", "changedOccurrences"]

    /// The fields as records carry them (see `fieldNames`): only those that hold something, as
    /// the declaration leaves the empty ones out.
    public var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let rule { fields["repeat"] = .string(rule.text) }
        if !cancelled.isEmpty { fields["cancelledOccurrences"] = .array(cancelled.map(JSONValue.string)) }
        if !extra.isEmpty { fields["extraOccurrences"] = .array(extra.map(JSONValue.string)) }
        if !changed.isEmpty { fields["changedOccurrences"] = .array(changed.map { $0.json }) }
        return fields
    }

    /// Reads fields that passed the events' declaration (canonical).
    init(canonical fields: JSONValue, timing: EventTiming) {
        let text = fields["repeat"]?.stringValue ?? ""
        rule = text.isEmpty ? nil : try? RepeatRule(text)
        cancelled = (fields["cancelledOccurrences"]?.arrayValue ?? []).compactMap(\.stringValue)
        extra = (fields["extraOccurrences"]?.arrayValue ?? []).compactMap(\.stringValue)
        var zone = "UTC"
        if case .timed(_, _, let name) = timing { zone = name }
        changed = (fields["changedOccurrences"]?.arrayValue ?? []).compactMap { ChangedOccurrence(json: $0, seriesZone: zone) }
    }

    /// The exceptions as the event table's `occurrenceExceptions` column keeps them.
    var exceptionsColumn: String {
        var object: [String: JSONValue] = [:]
        if !cancelled.isEmpty { object["cancelledOccurrences"] = .array(cancelled.map(JSONValue.string)) }
        if !extra.isEmpty { object["extraOccurrences"] = .array(extra.map(JSONValue.string)) }
        if !changed.isEmpty { object["changedOccurrences"] = .array(changed.map { $0.json }) }
        return JSONValue.object(object).canonicalText
    }
}

extension ChangedOccurrence {
    /// An item of `changedOccurrences`: its times as the event's own keys (UTC `startsAt` and
    /// `endsAt`, or `startDate` and `endDate`), null when it keeps the series' time.
    var json: JSONValue {
        var item: [String: JSONValue] = [
            "occurrence": .string(occurrence), "title": .string(title), "locationName": .string(locationName),
            "description": .string(description),
            "startsAt": .null, "endsAt": .null, "startDate": .null, "endDate": .null,
        ]
        switch timing {
        case .timed(let start, let end, _)?:
            item["startsAt"] = .string(DateTimeText.utc(start))
            item["endsAt"] = .string(DateTimeText.utc(end))
        case .allDay(let first, let last)?:
            item["startDate"] = .string(first.description)
            item["endDate"] = .string(last.description)
        case .untimed?, nil:
            break
        }
        return .object(item)
    }

    /// Reads a canonical item; the zone of a moved timed occurrence is its series'.
    init?(json item: JSONValue, seriesZone: String = "UTC") {
        guard let key = item["occurrence"]?.stringValue else { return nil }
        occurrence = key
        title = item["title"]?.stringValue ?? ""
        locationName = item["locationName"]?.stringValue ?? ""
        description = item["description"]?.stringValue ?? ""
        if let start = item["startsAt"]?.stringValue.flatMap(DateTimeText.parseUTC),
           let end = item["endsAt"]?.stringValue.flatMap(DateTimeText.parseUTC) {
            timing = .timed(start: start, end: end, timeZone: seriesZone)
        } else if let first = item["startDate"]?.stringValue.flatMap(LocalDate.init(iso:)),
                  let last = item["endDate"]?.stringValue.flatMap(LocalDate.init(iso:)) {
            timing = .allDay(first: first, last: last)
        }
    }
}
