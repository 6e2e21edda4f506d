import Foundation
import StewardCore
import Translation

/// How events print: a table for lists, label-value lines for one event, or JSON objects.
enum EventOutput {
    // MARK: JSON

    /// One event as a JSON object; `starts`/`ends` are ISO 8601 with an offset for timed
    /// events, `YYYY-MM-DD` for all-day ones and null for untimed ones. Every field is also
    /// there under the store's name (`locationName`, `startsAt`, `contactEmail`, …), as for
    /// the other record types; the keys printed before those names came stay, for scripts.
    static func json(_ event: Event, org: Organization) -> JSONValue {
        var object = printedKeys(event, org: org)
        if case .object(let storeFields) = event.details.syncFields {
            object.merge(storeFields) { printed, _ in printed }
        }
        return .object(object)
    }

    private static func printedKeys(_ event: Event, org: Organization) -> [String: JSONValue] {
        let details = event.details
        let (starts, ends, zone) = jsonTimes(details.timing, orgZone: org.timeZone)
        return [
            "id": .string(event.id.uuidString.lowercased()),
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
            "version": .int(event.version),
            "updatedAt": .string(DateTimeText.utc(event.updatedAt)),
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

    static func table(_ rows: [EventRow], org: Organization) -> [String] {
        var table = Table(trc("table heading", "ID"), trc("table heading", "WHEN"), trc("table heading", "TITLE"),
                          trc("table heading", "LOCATION"))
        for row in rows {
            table.append(row.id.uuidString.lowercased(),
                         EventTimingText.describe(row.timing, orgZone: org.timeZone),
                         row.title, row.locationName)
        }
        return table.lines
    }

    /// Every field worth showing, one a line; the id comes first.
    static func record(_ event: Event, org: Organization) -> [String] {
        let details = event.details
        var record = Record()
        record.add(trc("output label", "id"), event.id.uuidString.lowercased())
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
        record.add(trc("output label", "version"), String(event.version))
        record.add(trc("output label", "updated"), DateTimeText.iso(event.updatedAt, zone: org.timeZone))
        return record.lines
    }

    /// One event, as JSON or as text.
    static func print(_ event: Event, org: Organization, json: Bool) {
        if json {
            Console.printJSON(self.json(event, org: org))
        } else {
            Console.print(record(event, org: org))
        }
    }
}
