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
                // Took any http(s) address before the media library: plain http still reads.
                FieldSpec("imageURL", trLater("Image"), .media(kinds: [.image], httpsOnly: false),
                          help: trLater("A picture for the event: an image of the media library, or an http(s) address.")),
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
                // Left out when none, so events without one travel and dump as before.
                FieldSpec("remindBefore", trLater("Reminder"), .choice(EventReminder.words), [.leftOutWhenEmpty],
                          help: trLater("Minutes before each start that its audience gets a reminder on their devices: 15, 30, 60, 120, 1440 (a day), 2880 or 10080 (a week); empty: none."))
                    .showingChoices(EventReminder.title(ofWord:)),
                // The church's own calendars (Sunday services, youth…); left out when none, so
                // events without one travel and dump as before.
                FieldSpec("calendar", trLater("Calendar"), .reference(entity: EventCalendar.entity), [.leftOutWhenEmpty],
                          help: trLater("The id of the organization's calendar it belongs to (empty: none).")),
                // A series (docs/repeating-events.md): its rule and the occurrences that differ,
                // each named by its original start; left out of events that happen once.
                // The campus and ministry it concerns (empty: everyone), as resources carry them.
                CampusTags.fields[0], CampusTags.fields[1],
                FieldSpec("repeat", trLater("Repeats"), .repeatRule, [.leftOutWhenEmpty],
                          help: trLater("How it repeats: a rule like FREQ=WEEKLY;BYDAY=WE (empty: it happens once).")),
                FieldSpec("cancelledOccurrences", trLater("Cancelled dates"), .occurrences(maxItems: 1000), [.leftOutWhenEmpty],
                          help: trLater("Occurrences that do not happen, by their start (2026-12-09T19:00).")),
                FieldSpec("extraOccurrences", trLater("Extra dates"), .occurrences(maxItems: 1000), [.leftOutWhenEmpty],
                          help: trLater("Starts the rule does not give that the series has too.")),
                FieldSpec("changedOccurrences", trLater("Changed dates"), .list(of: [
                    FieldSpec("occurrence", trLater("Occurrence"), .text(maxLength: 19), [.required],
                              help: trLater("Its original start (2026-12-16T19:00).")),
                    FieldSpec("startsAt", trLater("Starts"), .dateTime, help: trLater("Its own start, for a timed event.")),
                    FieldSpec("endsAt", trLater("Ends"), .dateTime, help: trLater("Its own end, for a timed event.")),
                    FieldSpec("startDate", trLater("First day"), .date, help: trLater("Its own first day, for an all-day event.")),
                    FieldSpec("endDate", trLater("Last day"), .date, help: trLater("Its own last day, for an all-day event.")),
                    FieldSpec("title", trLater("Title"), .text(maxLength: 200), help: trLater("Its own title (empty: the series').")),
                    FieldSpec("locationName", trLater("Location"), .text(maxLength: 200),
                              help: trLater("Its own place (empty: the series').")),
                    FieldSpec("description", trLater("Description"), .longText(maxLength: 10_000),
                              help: trLater("Its own description (empty: the series').")),
                ], maxItems: 500), [.leftOutWhenEmpty], help: trLater("Occurrences at another time or with other details."),
                          item: trLater("Changed Date")),
            ],
            titleField: "title", orderField: "startsAt", storage: EventRecordStorage())
        // People choose an event's start or end from either side, not its whole timing.
        type.conflicts = FieldConflicts(fields: type.fields, timingByParts: true)
        type.window = { fields, zone in
            guard let details = try? EventDetails(syncFields: fields) else { return RecordWindow() }
            // A series spans its occurrences: it is not over while one is to come.
            let end = details.repeats.series(timing: details.timing).map { $0.lastEnd(zone: zone) }
                ?? details.timing.sortEnd(orgZone: zone)
            return RecordWindow(start: details.timing.sortStart(orgZone: zone).map(Milliseconds.from),
                                end: end.map(Milliseconds.from))
        }
        return type
            .rule(EventRules.coordinatePair)
            .rule(SeriesRules.check)
            .completing(EventRules.labelLinks)
            .droppingUnknownKeys()
            .readByMembers(.upcoming)
            .editedInSections([
                .init(trLater("Basics"), ["title", "calendar", "campus", "ministry", "description", "host"]),
                .init(trLater("When"), ["timing", "repeat", "cancelledOccurrences", "extraOccurrences"]),
                .init(trLater("Where"), ["locationName", "address", "latitude", "longitude"]),
                .init(trLater("Details"), ["imageURL", "links", "audience", "remindBefore", "stampValue", "rideSharing"]),
                .init(trLater("Contact"), ["contactName", "contactEmail", "contactPhone"]),
            ])
            // A one-time event's form has no rows for exceptions to a series it is not.
            .shownOnceFilled("repeat", ["cancelledOccurrences", "extraOccurrences", "changedOccurrences"])
            // A few links read best as lines, and `--link` takes one such line at a time.
            .typingAsLines("links", ListAsLines(
                label: "label", value: "url", hint: trLater("One per line: Label | https://…"),
                lineProblem: trLater("\"{line}\" is not a link: write \"Label | https://...\" or just the address")))
    }()
}
