import Foundation
import Translation

/// Rides for one date of a repeating event. Offers, requests and assignments may name the date
/// (`occurrence`: its original local start, `2026-12-02T19:00`, or its day for an all-day
/// series), checked against the series when given. The board and the plan of a series work on
/// one date: its records that name it, and, on the series' next date, those that name none (a
/// standing offer is for the next date, week after week). An event that happens once has no
/// dates to name: its rides are as they always were.
public enum RideOccurrences {
    public static let field = "occurrence"

    static func spec() -> FieldSpec {
        FieldSpec(field, trLater("Date"), .text(maxLength: 19), [.leftOutWhenEmpty],
                  help: trLater("For a repeating event, the date the ride is for: its start, like 2026-12-02T19:00, or its day, like 2026-12-02 (see `stewardctl events occurrences`)."))
    }

    /// The date a record's fields name; nil when none.
    public static func named(_ fields: JSONValue?) -> String? {
        fields?[field]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The form of the date, whatever the event (the declaration's rule).
    static func checkForm(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard let key = values[field]?.stringValue, !key.isEmpty, OccurrenceKeys.isDate(key) == nil else { return }
        issues.add(field, tr("must be a start like 2026-12-02T19:00 or a date like 2026-12-02 (got {value})", ["value": key]))
    }

    /// Why the date a ride record names does not fit its event: the event happens once, or the
    /// series has no such date. nil when it names none or one the series has.
    static func refusal(_ fields: JSONValue, lookup: any RecordLookup) throws -> ValidationIssue? {
        guard named(fields) != nil, let eventId = fields["event"]?.stringValue,
              let event = try lookup.live(SyncEntity.event, id: eventId) else { return nil }
        return problem(fields, event: event)
    }

    /// Why the date a ride record's fields name is not one of `event`'s (its sync fields).
    public static func problem(_ fields: JSONValue, event: JSONValue) -> ValidationIssue? {
        guard let key = named(fields), let details = try? EventDetails(syncFields: event) else { return nil }
        do {
            // The zone only places all-day dates; the key is matched in the same zone throughout.
            _ = try details.checkedOccurrence(key, zone: .gmt)
            return nil
        } catch {
            return ValidationIssue(field: field, message: error.issues.first?.message ?? error.description)
        }
    }

    /// The date a series' board shows when none is chosen: the next to end after `now` (one
    /// going on counts), else the last; nil for an event that happens once.
    public static func next(of details: EventDetails, id: UUID, after now: Date, zone: TimeZone) -> EventOccurrence? {
        guard details.repeats.series(timing: details.timing) != nil else { return nil }
        let event = Event(id: id, orgId: UUID(), details: details)
        let day: TimeInterval = 86_400
        let length = Series.span(details.timing, zone: zone).map { $0.1.timeIntervalSince($0.0) } ?? 0
        let recent = event.occurrences(from: now.addingTimeInterval(-(length + 7 * day)), to: now.addingTimeInterval(366 * day), zone: zone)
        if let going = recent.first(where: { (Series.span($0.timing, zone: zone)?.1 ?? .distantPast) > now }) { return going }
        return recent.last ?? event.occurrences(from: .distantPast, to: now, zone: zone).last
    }

    /// Whether a ride record belongs on the board of `occurrence` (nil: an event that happens
    /// once, whose board has every record). `isNext`: the board is the series' next date, which
    /// also has the records that name none.
    static func belongs(_ fields: JSONValue, to occurrence: String?, isNext: Bool) -> Bool {
        guard let occurrence else { return true }
        guard let named = named(fields) else { return isNext }
        return named == occurrence
    }
}
