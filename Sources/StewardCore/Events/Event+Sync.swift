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
        // Left out when none, as the declaration leaves it out (`.leftOutWhenEmpty`).
        if remindBefore > 0 { fields["remindBefore"] = .string(String(remindBefore)) }
        if !calendar.isEmpty { fields["calendar"] = .string(calendar) }
        if !campus.isEmpty { fields[CampusTags.campusField] = .string(campus) }
        if !ministry.isEmpty { fields[CampusTags.ministryField] = .string(ministry) }
        // The timing's six keys, as the kit's timing field keeps them.
        fields.merge(TimingField.values(of: timing)) { _, timing in timing }
        fields.merge(repeats.fields) { _, repeats in repeats }
        return .object(fields)
    }
}
