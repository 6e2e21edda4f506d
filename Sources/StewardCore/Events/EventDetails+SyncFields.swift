import Foundation

extension EventDetails {
    /// Reads the fields another side sent, checked by the events' declaration
    /// (`RecordType.event.validate`), so the store refuses exactly what the console would.
    /// What does not fit its field (a number or a flag for a text, a link without an address,
    /// an audience item that is not a word) is refused naming the field, never turned into
    /// something else or dropped: a pulled event that is refused is kept as an unreadable
    /// record, shown on the Sync page.
    public init(syncFields fields: JSONValue) throws(ValidationError) {
        // The zone only matters for times without an offset; synced times always carry one.
        self.init(canonical: try RecordType.event.validate(fields, orgZone: .gmt))
    }

    /// Reads the fields as the editor gives them: typed text, times without an offset in the
    /// event's zone or else `organizationZone`. Throws `ValidationError` naming every problem.
    public init(typed fields: JSONValue, organizationZone: TimeZone) throws(ValidationError) {
        self.init(canonical: try RecordType.event.validate(fields, orgZone: organizationZone))
    }

    /// The details a record that passed the declaration's validation holds.
    init(canonical fields: JSONValue) {
        let latitude = fields["latitude"]?.decimalValue, longitude = fields["longitude"]?.decimalValue
        self.init(
            title: fields["title"]?.stringValue ?? "",
            description: fields["description"]?.stringValue ?? "",
            locationName: fields["locationName"]?.stringValue ?? "",
            address: fields["address"]?.stringValue ?? "",
            coordinate: latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } },
            timing: TimingField.timing(of: fields) ?? .untimed,
            imageURL: fields["imageURL"]?.stringValue,
            links: (fields["links"]?.arrayValue ?? []).compactMap { link in
                link["url"]?.stringValue.map { EventLink(label: link["label"]?.stringValue ?? $0, url: $0) }
            },
            host: fields["host"]?.stringValue ?? "",
            contact: Contact(name: fields["contactName"]?.stringValue ?? "", email: fields["contactEmail"]?.stringValue,
                             phone: fields["contactPhone"]?.stringValue),
            audience: (fields["audience"]?.arrayValue ?? []).compactMap(\.stringValue),
            stampValue: Int(fields["stampValue"]?.int64Value ?? 0),
            rideSharing: fields["rideSharing"]?.boolValue ?? false,
            remindBefore: EventReminder.minutes(of: fields["remindBefore"]?.stringValue),
            calendar: fields["calendar"]?.stringValue ?? "",
            campus: fields[CampusTags.campusField]?.stringValue ?? "",
            ministry: fields[CampusTags.ministryField]?.stringValue ?? "",
            repeats: EventRepeats(canonical: fields, timing: TimingField.timing(of: fields) ?? .untimed))
    }
}
