import Foundation

extension RecordType {
    /// Events, on the record kit. What is special to them is written by hand: their own table
    /// (`EventRecordStorage`), their validation (`EventForm`: timing, coordinates, links), their
    /// conflicts (`EventConflicts`), their page and their command-line options (timing flags).
    /// The field list names the sync fields for history, labels and the read side.
    public static let event: RecordType = {
        var type = RecordType(
            entity: SyncEntity.event, commandName: "events", module: .events, noun: "event", pluralNoun: "events",
            fields: [
                FieldSpec("title", "Title", .text(maxLength: EventForm.maxTitleLength), [.required, .listed, .searchable],
                          help: "The event's title."),
                FieldSpec("description", "Description", .longText(maxLength: EventForm.maxDescriptionLength), [.searchable],
                          help: "What the event is about, as members read it."),
                FieldSpec("locationName", "Location", .text(maxLength: 200), [.listed, .searchable],
                          help: "Where it happens, as people call the place."),
                FieldSpec("address", "Address", .text(maxLength: 500), help: "The street address, for maps."),
                FieldSpec("latitude", "Latitude", .text(maxLength: 40), help: "Latitude of the place."),
                FieldSpec("longitude", "Longitude", .text(maxLength: 40), help: "Longitude of the place."),
                FieldSpec("timing", "Timing", .choice(["timed", "all-day", "untimed"]), help: "How the event is timed."),
                FieldSpec("startsAt", "Starts", .dateTime, help: "When a timed event starts."),
                FieldSpec("endsAt", "Ends", .dateTime, help: "When a timed event ends."),
                FieldSpec("startDate", "Starts", .date, help: "The first day of an all-day event."),
                FieldSpec("endDate", "Ends", .date, help: "The last day of an all-day event."),
                FieldSpec("timeZone", "Time zone", .text(maxLength: 100), help: "The zone a timed event's times are in."),
                FieldSpec("imageURL", "Image", .webURL(httpsOnly: false), help: "A picture for the event."),
                FieldSpec("links", "Links", .list(of: [
                    FieldSpec("label", "Label", .text(maxLength: 200), help: "What the link says."),
                    FieldSpec("url", "Address", .webURL(httpsOnly: false), [.required], help: "Where it goes."),
                ], maxItems: EventForm.maxLinks), help: "Links shown with the event."),
                FieldSpec("host", "Host", .text(maxLength: 200), [.searchable], help: "Who runs the event."),
                FieldSpec("contactName", "Contact name", .text(maxLength: 200), help: "The contact person's name."),
                FieldSpec("contactEmail", "Contact email", .email, help: "The contact's email address."),
                FieldSpec("contactPhone", "Contact phone", .text(maxLength: 40), help: "The contact's phone number."),
                FieldSpec("audience", "Audience", .list(of: [], maxItems: 20), [.searchable], help: "Who it is for."),
                FieldSpec("stampValue", "Stamps", .integer(0...100), help: "Passport stamps an attendee earns."),
                FieldSpec("rideSharing", "Ride sharing", .boolean, help: "Whether members can share rides to it."),
            ],
            titleField: "title", orderField: "startsAt", storage: EventRecordStorage())
        type.customValidation = { fields, _ throws(ValidationError) in try EventDetails(syncFields: fields).syncFields }
        type.conflicts = EventConflicts()
        type.window = { fields, zone in
            guard let details = try? EventDetails(syncFields: fields) else { return RecordWindow() }
            return RecordWindow(start: details.timing.sortStart(orgZone: zone).map(Milliseconds.from),
                                end: details.timing.sortEnd(orgZone: zone).map(Milliseconds.from))
        }
        return type
    }()
}
