import Crypto
import Foundation

/// Each occurrence of a repeating event checks in on its own: its own window (its own time, not
/// the first one's), its own stamp, and its own rotating code. The code's secret is derived from
/// the event's key and the occurrence's name (its original local start), so the store keeps one
/// key per series and a code read off last week's projector is not this week's. An event that
/// happens once keeps its key's secret as it is: its codes are those it always had.
public enum CheckInOccurrences {
    /// The code generator of `occurrence` (nil: an event that happens once).
    public static func code(secret: [UInt8], occurrence: String?) -> CheckInCode {
        guard let occurrence else { return CheckInCode(secret: secret) }
        let message = Array("steward check-in occurrence\u{0}\(occurrence)".utf8)
        return CheckInCode(secret: Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret))))
    }

    /// The occurrence a check-in at `date` is for when none is named, with its window: the one
    /// open for check-in (the latest to start when windows overlap), else the next to open, else
    /// the last that closed, else the first (a series whose dates are all far off). nil for an
    /// event that happens once.
    public static func current(of details: EventDetails, id: UUID, at date: Date, zone: TimeZone,
                               lead: TimeInterval = CheckInWindow.defaultLead,
                               tail: TimeInterval = CheckInWindow.defaultTail) -> (occurrence: EventOccurrence, window: CheckInWindow)? {
        guard let series = details.repeats.series(timing: details.timing) else { return nil }
        let event = Event(id: id, orgId: UUID(), details: details)
        func window(_ occurrence: EventOccurrence) -> CheckInWindow {
            CheckInWindow(timing: occurrence.timing, orgZone: zone, lead: lead, tail: tail)
        }
        // Those that may be open now started at most their length and the tail ago; a moved one
        // may be longer than the first, so a week more is looked at.
        let length = Series.span(details.timing, zone: zone).map { $0.1.timeIntervalSince($0.0) } ?? 0
        let back = date.addingTimeInterval(-(max(0, length) + tail + 7 * 86_400))
        let near = event.occurrences(from: back, to: date.addingTimeInterval(lead + 1), zone: zone)
        if let open = near.last(where: { window($0).isOpen(at: date) }) { return (open, window(open)) }
        let year: TimeInterval = 366 * 86_400
        if let next = event.occurrences(from: date, to: date.addingTimeInterval(year), zone: zone).first {
            return (next, window(next))
        }
        if let last = near.last ?? event.occurrences(from: date.addingTimeInterval(-year), to: date, zone: zone).last {
            return (last, window(last))
        }
        let first = EventOccurrence(eventId: event.id, occurrence: series.firstKey, timing: details.timing,
                                    title: details.title, locationName: details.locationName,
                                    description: details.description, isChanged: false)
        return (first, window(first))
    }

    /// The occurrence named `key` with its window; refuses a key the series does not have (as
    /// `checkedOccurrence` says why), and any key for an event that happens once.
    public static func named(_ key: String, of details: EventDetails, zone: TimeZone)
        throws(ValidationError) -> (occurrence: EventOccurrence, window: CheckInWindow) {
        let occurrence = try details.checkedOccurrence(key, zone: zone)
        return (occurrence, CheckInWindow(timing: occurrence.timing, orgZone: zone))
    }
}
