import Foundation
import Translation

/// The fields of an event conflict as people see them, and how a merge takes each one from a
/// side: the keys are the names validation reports (`title`, `starts`, `contact-email`...), so
/// a merge that does not validate names the field to choose again.
enum ConflictFields {
    struct Spec: Sendable {
        let key: String
        let label: Translatable
        /// Copies this field from `source` into `form`.
        let take: @Sendable (inout EventForm, EventForm) -> Void
        /// The field's value in a form, to compare the sides.
        let value: @Sendable (EventForm) -> String
        /// The field's value for people.
        let text: @Sendable (EventDetails, TimeZone) -> String
    }

    static let timing = EventField.timing
    static let rideSharing = EventField.rideSharing

    static let all: [Spec] = [
        plain(EventField.title, trLater("Title"), \.title) { d, _ in d.title },
        plain(EventField.description, trLater("Description"), \.description) { d, _ in d.description },
        plain(EventField.locationName, trLater("Location"), \.locationName) { d, _ in d.locationName },
        plain(EventField.address, trLater("Address"), \.address) { d, _ in d.address },
        plain(EventField.latitude, trLater("Latitude"), \.latitude) { d, _ in d.coordinate.map { String($0.latitude) } ?? "" },
        plain(EventField.longitude, trLater("Longitude"), \.longitude) { d, _ in d.coordinate.map { String($0.longitude) } ?? "" },
        Spec(key: timing, label: trLater("Timing"),
             take: { form, source in form.timingKind = source.timingKind },
             value: { $0.timingKind.rawValue },
             text: { d, _ in
                 switch d.timing {
                 case .timed: tr("At set times")
                 case .allDay: trc("event timing", "All day")
                 case .untimed: tr("Ongoing, no set time")
                 }
             }),
        plain(EventField.starts, trLater("Starts"), \.starts) { d, zone in moment(d.timing, start: true, orgZone: zone) },
        plain(EventField.ends, trLater("Ends"), \.ends) { d, zone in moment(d.timing, start: false, orgZone: zone) },
        plain(EventField.timeZone, trLater("Time zone"), \.timeZone) { d, zone in
            if case .timed(_, _, let name) = d.timing { return name }
            return ""
        },
        plain(EventField.imageURL, trLater("Image"), \.imageURL) { d, _ in d.imageURL ?? "" },
        plain(EventField.links, trLater("Links"), \.links) { d, _ in
            d.links.map { $0.label == $0.url ? $0.url : "\($0.label) | \($0.url)" }.joined(separator: "\n")
        },
        plain(EventField.host, trLater("Host"), \.host) { d, _ in d.host },
        plain(EventField.contactName, trLater("Contact name"), \.contactName) { d, _ in d.contact.name },
        plain(EventField.contactEmail, trLater("Contact email"), \.contactEmail) { d, _ in d.contact.email ?? "" },
        plain(EventField.contactPhone, trLater("Contact phone"), \.contactPhone) { d, _ in d.contact.phone ?? "" },
        plain(EventField.audience, trLater("Audience"), \.audience) { d, _ in d.audience.joined(separator: ", ") },
        plain(EventField.stampValue, trLater("Stamps"), \.stampValue) { d, _ in String(d.stampValue) },
        Spec(key: rideSharing, label: trLater("Ride sharing"),
             take: { form, source in form.rideSharing = source.rideSharing },
             value: { $0.rideSharing ? "yes" : "no" },
             text: { d, _ in d.rideSharing ? tr("Yes") : tr("No") }),
    ]

    static let keys = Set(all.map(\.key))

    /// The merged details: each field from the side chosen for it, theirs for fields not named.
    /// Throws `ValidationError` naming the field when the mix does not hold together (an end
    /// before the start, a date-only start on a timed event...).
    static func merge(mine: EventDetails, theirs: EventDetails, choices: [String: ConflictFieldChoice],
                      orgZone: TimeZone) throws(ValidationError) -> EventDetails {
        let mineForm = EventForm(mine, organizationZone: orgZone)
        var merged = EventForm(theirs, organizationZone: orgZone)
        for spec in all where choices[spec.key] == .mine {
            spec.take(&merged, mineForm)
        }
        return try merged.validate(organizationZone: orgZone)
    }

    private static func plain(_ key: String, _ label: Translatable, _ path: WritableKeyPath<EventForm, String> & Sendable,
                              text: @escaping @Sendable (EventDetails, TimeZone) -> String) -> Spec {
        Spec(key: key, label: label,
             take: { form, source in form[keyPath: path] = source[keyPath: path] },
             value: { $0[keyPath: path] },
             text: text)
    }

    /// "Sun 6 Dec 2026, 10:30" (timed, in the event's zone), "Sun 6 Dec 2026" (all day), "".
    private static func moment(_ timing: EventTiming, start: Bool, orgZone: TimeZone) -> String {
        switch timing {
        case .untimed:
            return ""
        case .allDay(let first, let last):
            let day = start ? first : last
            return format(day.startOfDay(in: .gmt), "EEE d MMM yyyy", .gmt)
        case .timed(let from, let to, let name):
            return format(start ? from : to, "EEE d MMM yyyy, HH:mm", TimeZone(identifier: name) ?? orgZone)
        }
    }

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        DatePatternText.format(date, pattern, zone: zone)
    }
}
