import Foundation
import Translation

extension RecordType {
    /// Events, on the record kit. Their limits are declared here once (`EventForm` reads them),
    /// and their timing is the kit's timing field, kept as the six flat keys records carry.
    /// The kit validates them, for the store and the console alike, with the rules declared
    /// here (a coordinate comes as a pair, a link without a label shows its address); the form
    /// and `EventDetails(syncFields:)` go through it. What is still written by hand: their own
    /// table (`EventRecordStorage`), their page's list and their command-line options.
    public static let event: RecordType = {
        var type = RecordType(
            entity: SyncEntity.event, commandName: "events", module: .events,
            nouns: RecordNouns(trLater("event"), trLater("events"), title: trLater("Event"),
                               pluralTitle: trLater("Events"),
                               counted: { trn("{count} event", "{count} events", $0, ["count": $1]) }),
            fields: [
                FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required, .listed, .searchable],
                          help: trLater("The event's title.")),
                FieldSpec("description", trLater("Description"), .longText(maxLength: 10_000), [.searchable],
                          help: trLater("What the event is about, as members read it.")),
                FieldSpec("locationName", trLater("Location"), .text(maxLength: 200), [.listed, .searchable],
                          help: trLater("Where it happens, as people call the place.")),
                FieldSpec("address", trLater("Address"), .text(maxLength: 500), help: trLater("The street address, for maps.")),
                FieldSpec("latitude", trLater("Latitude"), MapPinRules.latitude, help: trLater("Latitude of the place.")),
                FieldSpec("longitude", trLater("Longitude"), MapPinRules.longitude, help: trLater("Longitude of the place.")),
                // An hour when no end is typed; a longer run than a year is all-day.
                FieldSpec("timing", trLater("Timing"), .timing(TimingLimits(defaultDuration: 3600, longestTimed: 366 * 86_400,
                                                                           longestAllDaySpan: 365)),
                          help: trLater("When the event happens: timed, all day or ongoing.")),
                FieldSpec("imageURL", trLater("Image URL"), .webURL(httpsOnly: false), help: trLater("A picture for the event.")),
                FieldSpec("links", trLater("Links"), .list(of: [
                    FieldSpec("label", trLater("Label"), .text(maxLength: 200), help: trLater("What the link says.")),
                    FieldSpec("url", trLater("Address"), .webURL(httpsOnly: false), [.required], help: trLater("Where it goes.")),
                ], maxItems: 10), help: trLater("Links shown with the event."), item: trLater("Link"),
                          // Typed one `--link` at a time: problems name that option.
                          reportedAs: "link"),
                FieldSpec("host", trLater("Host"), .text(maxLength: 200), [.searchable], help: trLater("Who runs the event.")),
                FieldSpec("contactName", trLater("Contact name"), .text(maxLength: 200), help: trLater("The contact person's name.")),
                FieldSpec("contactEmail", trLater("Contact email"), .email, help: trLater("The contact's email address.")),
                FieldSpec("contactPhone", trLater("Contact phone"), .phone, help: trLater("The contact's phone number.")),
                FieldSpec("audience", trLater("Audience tags"), .words(maxItems: 20, maxLength: 40), [.searchable], help: trLater("Who it is for.")),
                // Stamps are worth prizes: staff set them, never a member's submission.
                FieldSpec("stampValue", trLater("Stamp value"), .integer(0...100), [.setByStaff],
                          help: trLater("Passport stamps an attendee earns."), default: .int(0)),
                FieldSpec("rideSharing", trLater("Ride sharing"), .boolean, help: trLater("Whether members can share rides to it.")),
            ],
            titleField: "title", orderField: "startsAt", storage: EventRecordStorage())
        // People choose an event's start or end from either side, not its whole timing.
        type.conflicts = FieldConflicts(fields: type.fields, timingByParts: true)
        type.window = { fields, zone in
            guard let details = try? EventDetails(syncFields: fields) else { return RecordWindow() }
            return RecordWindow(start: details.timing.sortStart(orgZone: zone).map(Milliseconds.from),
                                end: details.timing.sortEnd(orgZone: zone).map(Milliseconds.from))
        }
        return type
            .rule(EventRules.coordinatePair)
            .completing(EventRules.labelLinks)
            .droppingUnknownKeys()
            .readByMembers(.upcoming)
            .editedInSections([
                .init(trLater("Basics"), ["title", "description", "host"]),
                .init(trLater("When"), ["timing"]),
                .init(trLater("Where"), ["locationName", "address", "latitude", "longitude"]),
                .init(trLater("Details"), ["imageURL", "links", "audience", "stampValue", "rideSharing"]),
                .init(trLater("Contact"), ["contactName", "contactEmail", "contactPhone"]),
            ])
            // A few links read best as lines, and `--link` takes one such line at a time.
            .typingAsLines("links", ListAsLines(
                label: "label", value: "url", hint: trLater("One per line: Label | https://…"),
                lineProblem: trLater("\"{line}\" is not a link: write \"Label | https://...\" or just the address")))
    }()
}
