import Foundation
import StewardCore
import Translation

/// How events print: a table for lists, label-value lines for one event, or JSON objects, as
/// they printed before events were on the kit (the keys and lines scripts read).
struct EventOutput: RecordPrinter {
    let org: Organization

    /// The event a record holds. Records come from the event table, which holds only events
    /// that read; one that somehow does not prints as the kit prints any record.
    private func eventDetails(_ record: LocalRecord) -> EventDetails? {
        try? EventDetails(syncFields: record.fields)
    }

    private var kit: RecordOutput { RecordOutput(.event, org: org) }

    // MARK: JSON

    /// One event as a JSON object; `starts`/`ends` are ISO 8601 with an offset for timed
    /// events, `YYYY-MM-DD` for all-day ones and null for untimed ones. Every field is also
    /// there under the store's name (`locationName`, `startsAt`, `contactEmail`, …), as for
    /// the other record types; the keys printed before those names came stay, for scripts.
    func json(_ record: LocalRecord) -> JSONValue {
        guard let details = eventDetails(record) else { return kit.json(record) }
        var object = printedKeys(record, details)
        if case .object(let storeFields) = details.syncFields {
            object.merge(RecordType.event.everyField(storeFields)) { printed, _ in printed }
        }
        return .object(object)
    }

    private func printedKeys(_ record: LocalRecord, _ details: EventDetails) -> [String: JSONValue] {
        let (starts, ends, zone) = Self.jsonTimes(details.timing, orgZone: org.timeZone)
        return [
            "id": .string(record.key),
            "org": .string(org.slug),
            "title": .string(details.title),
            "description": .string(details.description),
            "location": .string(details.locationName),
            "address": .string(details.address),
            "latitude": .optional(details.coordinate?.latitude),
            "longitude": .optional(details.coordinate?.longitude),
            "timing": .string(details.timing.kind.rawValue),
            "starts": starts,
            "ends": ends,
            "timeZone": zone,
            "imageURL": .optional(details.imageURL),
            "links": .array(details.links.map { .object(["label": .string($0.label), "url": .string($0.url)]) }),
            "host": .string(details.host),
            "contact": .object([
                "name": .string(details.contact.name),
                "email": .optional(details.contact.email),
                "phone": .optional(details.contact.phone),
            ]),
            "audience": .array(details.audience.map { .string($0) }),
            "stampValue": .int(Int64(details.stampValue)),
            "rideSharing": .bool(details.rideSharing),
            "version": .int(record.version),
            "updatedAt": .string(DateTimeText.utc(record.updatedAt)),
        ]
    }

    private static func jsonTimes(_ timing: EventTiming, orgZone: TimeZone) -> (JSONValue, JSONValue, JSONValue) {
        switch timing {
        case .timed(let start, let end, let zoneName):
            let zone = TimeZone(identifier: zoneName) ?? orgZone
            return (.string(DateTimeText.iso(start, zone: zone)), .string(DateTimeText.iso(end, zone: zone)), .string(zoneName))
        case .allDay(let first, let last):
            return (.string(first.description), .string(last.description), .null)
        case .untimed:
            return (.null, .null, .null)
        }
    }

    // MARK: Text

    func table(_ records: [LocalRecord]) -> [String] {
        var table = Table(trc("table heading", "ID"), trc("table heading", "WHEN"), trc("table heading", "TITLE"),
                          trc("table heading", "LOCATION"))
        for record in records {
            let details = eventDetails(record) ?? EventDetails(title: RecordType.event.title(of: record.fields), timing: .untimed)
            table.append(record.key, EventTimingText.describe(details.timing, orgZone: org.timeZone),
                         details.title, details.locationName)
        }
        return table.lines
    }

    /// Every field worth showing, one a line; the id comes first.
    func lines(_ event: LocalRecord) -> [String] {
        guard let details = eventDetails(event) else { return kit.lines(event) }
        var record = Record()
        record.add(trc("output label", "id"), event.key)
        record.add(trc("output label", "organization"), "\(org.slug) (\(org.name))")
        record.add(trc("output label", "title"), details.title)
        record.add(trc("output label", "when"), EventTimingText.describe(details.timing, orgZone: org.timeZone))
        switch details.timing {
        case .timed(let start, let end, let zoneName):
            let zone = TimeZone(identifier: zoneName) ?? org.timeZone
            record.add(trc("output label", "starts"), DateTimeText.iso(start, zone: zone))
            record.add(trc("output label", "ends"), DateTimeText.iso(end, zone: zone))
            record.add(trc("output label", "time zone"), zoneName)
        case .allDay(let first, let last):
            record.add(trc("output label", "starts"), first.description)
            record.add(trc("output label", "ends"), last.description)
        case .untimed:
            break
        }
        record.addIfPresent(trc("output label", "location"), details.locationName)
        record.addIfPresent(trc("output label", "address"), details.address)
        if let coordinate = details.coordinate {
            record.add(trc("output label", "coordinates"), "\(coordinate.latitude), \(coordinate.longitude)")
        }
        record.addIfPresent(trc("output label", "description"), details.description)
        record.addIfPresent(trc("output label", "image"), details.imageURL)
        record.addIfPresent(trc("output label", "links"), details.links
            .map { $0.label == $0.url ? $0.url : "\($0.label) | \($0.url)" }
            .joined(separator: "\n"))
        record.addIfPresent(trc("output label", "host"), details.host)
        let contact = [details.contact.name, details.contact.email.map { "<\($0)>" }, details.contact.phone]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        record.addIfPresent(trc("output label", "contact"), contact)
        record.addIfPresent(trc("output label", "audience"), details.audience.joined(separator: ", "))
        if details.stampValue != 0 { record.add(trc("output label", "stamps"), String(details.stampValue)) }
        record.add(trc("output label", "ride sharing"), details.rideSharing ? tr("yes") : tr("no"))
        if details.remindBefore > 0 {
            record.add(trc("output label", "reminder"), EventReminder.title(ofWord: String(details.remindBefore)) ?? String(details.remindBefore))
        }
        if !details.calendar.isEmpty { record.add(trc("output label", "calendar"), details.calendar) }
        if !details.campus.isEmpty { record.add(trc("output label", "campus"), details.campus) }
        if !details.ministry.isEmpty { record.add(trc("output label", "ministry"), details.ministry) }
        record.add(trc("output label", "version"), String(event.version))
        record.add(trc("output label", "updated"), DateTimeText.iso(event.updatedAt, zone: org.timeZone))
        return record.lines
    }

    func removed(_ event: LocalRecord) -> String {
        guard let details = eventDetails(event) else { return kit.removed(event) }
        return tr("Removed {id}: {title} ({when})",
                  ["id": event.key, "title": details.title,
                   "when": EventTimingText.describe(details.timing, orgZone: org.timeZone)])
    }
}
