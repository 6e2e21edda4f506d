import ArgumentParser
import StewardCore

/// How an event happens, chosen with `--timed`, `--all-day` or `--untimed`.
enum TimingFlag: String, EnumerableFlag {
    case timed
    case allDay
    case untimed

    var kind: EventTiming.Kind {
        switch self {
        case .timed: .timed
        case .allDay: .allDay
        case .untimed: .untimed
        }
    }

    static func help(for value: TimingFlag) -> ArgumentHelp? {
        switch value {
        case .timed: "The event starts and ends at times (--starts 2026-12-01T18:00)."
        case .allDay: "The event takes whole days (--starts 2026-12-01 [--ends 2026-12-02])."
        case .untimed: "The event is ongoing, with no time (give no --starts or --ends)."
        }
    }
}

/// One option per event field, named as validation names the field. `events add` fills a
/// blank form with them; `events update` fills the stored event's form, so options left out
/// keep their values. An empty value (`--host ''`) clears a field.
struct EventFieldOptions: ParsableArguments {
    @Option(help: "The event's title (required, at most 200 characters).")
    var title: String?

    @Option(help: "What the event is about, as members read it (at most 10,000 characters).")
    var description: String?

    @Option(help: "Where it happens, as people call the place (\"Fellowship Hall\").")
    var locationName: String?

    // The option's name before it matched the field's; kept so existing scripts still work.
    @Option(name: .customLong("location"), help: ArgumentHelp("The older name of --location-name, kept for scripts.",
                                                               valueName: "location-name"))
    var legacyLocation: String?

    @Option(help: "The street address, for maps.")
    var address: String?

    @Option(parsing: .unconditional,
            help: "Latitude of the place, -90 to 90 (give --longitude too).")
    var latitude: String?

    @Option(parsing: .unconditional,
            help: "Longitude of the place, -180 to 180 (give --latitude too).")
    var longitude: String?

    @Option(help: ArgumentHelp(
        "When it starts: 2026-12-01T18:00 (the organization's or --time-zone's local time), 2026-12-01T18:00-06:00 (with an offset), or 2026-12-01 for an all-day event.",
        valueName: "date-time"))
    var starts: String?

    @Option(help: ArgumentHelp(
        "When it ends, written like --starts. When adding, defaults to an hour after the start (the same day for all-day events); when updating, the stored end is kept.",
        valueName: "date-time"))
    var ends: String?

    @Option(help: ArgumentHelp("The zone its times are in, like America/Chicago (default: the organization's).",
                               valueName: "zone"))
    var timeZone: String?

    @Flag(help: "How the event is timed. Without one of these, a date-only --starts makes it all-day and a date and time makes it timed.")
    var timing: TimingFlag?

    @Option(name: .customLong("image-url"),
            help: ArgumentHelp("A picture for the event: the id of an image of the media library (see `stewardctl media list`), or an http(s) address; '' for none.",
                               valueName: "media-id|url"))
    var imageURL: String?

    @Option(name: .customLong("link"),
            help: ArgumentHelp("A link shown with the event: \"Label | https://...\" or just the address. Repeat for several (at most 10); when updating, the links given replace the stored ones (--link '' removes them all).",
                               valueName: "link"))
    var links: [String] = []

    @Option(help: "Who runs the event (a person, team or partner).")
    var host: String?

    @Option(help: ArgumentHelp("The contact person's name.", valueName: "name"))
    var contactName: String?

    @Option(help: ArgumentHelp("The contact's email address, like name@example.org.", valueName: "email"))
    var contactEmail: String?

    @Option(help: ArgumentHelp("The contact's phone number, 7 to 15 digits, like \"+1 555 010 0199\".", valueName: "phone"))
    var contactPhone: String?

    @Option(help: ArgumentHelp("Who it is for: tags separated by commas (\"families, youth\").", valueName: "tags"))
    var audience: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Passport stamps an attendee earns, 0 to 100 (city offices).", valueName: "count"))
    var stampValue: String?

    @Flag(inversion: .prefixedNo, help: "Whether members can offer and ask for rides to it.")
    var rideSharing: Bool?

    @Option(help: ArgumentHelp("Remind its audience on their devices this many minutes before each start: 15, 30, 60, 120, 1440 (a day), 2880 or 10080 (a week); '' for no reminder.",
                               valueName: "minutes"))
    var remindBefore: String?

    @Option(help: ArgumentHelp("The id of the organization's calendar it belongs to (see `stewardctl calendars list`); '' for none.",
                               valueName: "id"))
    var calendar: String?

    @Option(help: ArgumentHelp("The id of the campus it concerns (see `stewardctl campuses list`); '' for every campus.",
                               valueName: "id"))
    var campus: String?

    @Option(help: ArgumentHelp("The id of the ministry it concerns (see `stewardctl ministries list`); '' for every ministry.",
                               valueName: "id"))
    var ministry: String?

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: an iCalendar RRULE value in the event's zone, like FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z ('' makes it happen once).",
                               valueName: "rule"))
    var repeatRule: String?

    /// Whether no field option was given at all.
    var isEmpty: Bool {
        [title, description, locationName, legacyLocation, address, latitude, longitude, starts, ends, timeZone, imageURL,
         host, contactName, contactEmail, contactPhone, audience, stampValue, remindBefore, calendar, campus, ministry, repeatRule].allSatisfy { $0 == nil }
            && links.isEmpty && timing == nil && rideSharing == nil
    }

    /// Writes the given options into `form`, leaving the rest as they are.
    func apply(to form: inout EventForm) {
        if let title { form.title = title }
        if let description { form.description = description }
        if let locationName = locationName ?? legacyLocation { form.locationName = locationName }
        if let address { form.address = address }
        if let latitude { form.latitude = latitude }
        if let longitude { form.longitude = longitude }
        if let timeZone { form.timeZone = timeZone }
        if let imageURL { form.imageURL = imageURL }
        if !links.isEmpty { form.links = links.joined(separator: "\n") }
        if let host { form.host = host }
        if let contactName { form.contactName = contactName }
        if let contactEmail { form.contactEmail = contactEmail }
        if let contactPhone { form.contactPhone = contactPhone }
        if let audience { form.audience = audience }
        if let stampValue { form.stampValue = stampValue }
        if let rideSharing { form.rideSharing = rideSharing }
        if let remindBefore { form.remindBefore = remindBefore }
        if let calendar { form.calendar = calendar }
        if let campus { form.campus = campus }
        if let ministry { form.ministry = ministry }
        if let repeatRule { form.repeatRule = repeatRule }
        applyTiming(to: &form)
    }

    /// The timing kind asked for: the flag, else what `--starts` looks like, else unchanged.
    private var requestedKind: EventTiming.Kind? {
        if let timing { return timing.kind }
        guard let starts else { return nil }
        return LocalDate(iso: starts.trimmingCharacters(in: .whitespaces)) != nil ? .allDay : .timed
    }

    private func applyTiming(to form: inout EventForm) {
        if let kind = requestedKind, kind != form.timingKind {
            // Times not given are carried over where they still make sense: a timed event
            // turned all-day keeps its dates; an untimed one has none.
            switch kind {
            case .untimed:
                form.starts = ""
                form.ends = ""
            case .allDay:
                form.starts = Self.datePart(of: form.starts)
                form.ends = Self.datePart(of: form.ends)
            case .timed:
                break
            }
            form.timingKind = kind
        }
        if let starts { form.starts = starts }
        if let ends { form.ends = ends }
    }

    private static func datePart(of text: String) -> String {
        let prefix = String(text.prefix(10))
        return LocalDate(iso: prefix) != nil ? prefix : text
    }
}
