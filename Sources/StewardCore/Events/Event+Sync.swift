import Foundation

extension EventDetails {
    /// The fields as they travel to the remote store and appear in the canonical dump.
    public var syncFields: JSONValue {
        var fields: [String: JSONValue] = [
            "title": .string(title),
            "description": .string(description),
            "locationName": .string(locationName),
            "address": .string(address),
            "latitude": JSONValue(coordinate?.latitude),
            "longitude": JSONValue(coordinate?.longitude),
            "timing": .string(timing.kind.rawValue),
            "imageURL": JSONValue(imageURL),
            "links": .array(links.map { .object(["label": .string($0.label), "url": .string($0.url)]) }),
            "host": .string(host),
            "contactName": .string(contact.name),
            "contactEmail": JSONValue(contact.email),
            "contactPhone": JSONValue(contact.phone),
            "audience": .array(audience.map { .string($0) }),
            "stampValue": .int(Int64(stampValue)),
            "rideSharing": .bool(rideSharing),
        ]
        switch timing {
        case .timed(let start, let end, let zone):
            fields["startsAt"] = .string(DateTimeText.utc(start))
            fields["endsAt"] = .string(DateTimeText.utc(end))
            fields["timeZone"] = .string(zone)
            fields["startDate"] = .null
            fields["endDate"] = .null
        case .allDay(let first, let last):
            fields["startsAt"] = .null
            fields["endsAt"] = .null
            fields["timeZone"] = .null
            fields["startDate"] = .string(first.description)
            fields["endDate"] = .string(last.description)
        case .untimed:
            for key in ["startsAt", "endsAt", "timeZone", "startDate", "endDate"] { fields[key] = .null }
        }
        return .object(fields)
    }
}
