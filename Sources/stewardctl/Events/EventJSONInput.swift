import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `events add|update --input FILE`: an event's fields as one JSON object, as `events show
/// --json` prints them. The store's names (`locationName`, `startsAt`, `contactEmail`, …) and
/// the older keys the output still carries (`location`, `starts`, `contact`, …) are both read;
/// when an object has both and they disagree, it is refused rather than one silently winning.
struct EventJSONInput {
    private let object: [String: JSONValue]

    /// Keys `events show --json` has printed since before the store's names were added.
    private static let olderKeys: Set<String> = ["location", "starts", "ends", "contact"]

    /// Checks the keys: each must be an event field (by the store's name) or an older key.
    init(_ object: [String: JSONValue]) throws {
        let fields = RecordType.event.wireFields.map(\.name)
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) && !Self.olderKeys.contains($0) }) {
            throw CLIError.usage("\(FieldSpec.kebab(unknown)): " + tr("is not a field of an event; the fields are {fields}",
                                                                        ["fields": fields.joined(separator: ", ")]))
        }
        self.object = object
    }

    /// Writes the fields the object has into `form`, leaving the others as they are. A null
    /// clears a field, except the times of the timing the event does not have (`show --json`
    /// prints `startsAt: null` for an all-day event).
    func apply(to form: inout EventForm) throws {
        if let title = try text("title") { form.title = title }
        if let description = try text("description") { form.description = description }
        if let location = try agreeing("locationName", try text("locationName"), "location", try text("location")) { form.locationName = location }
        if let address = try text("address") { form.address = address }
        if let latitude = try text("latitude") { form.latitude = latitude }
        if let longitude = try text("longitude") { form.longitude = longitude }
        if let zone = try text("timeZone") { form.timeZone = zone }
        if let imageURL = try text("imageURL") { form.imageURL = imageURL }
        if let links = try links() { form.links = links }
        if let host = try text("host") { form.host = host }
        let contact = object["contact"]
        switch contact {
        case nil, .null?, .object?: break
        default: throw CLIError.usage("contact: " + tr("must be a JSON object with name, email and phone"))
        }
        if let name = try agreeing("contactName", try text("contactName"), "contact.name", try text(contact?["name"], "contact")) { form.contactName = name }
        if let email = try agreeing("contactEmail", try text("contactEmail"), "contact.email", try text(contact?["email"], "contact")) { form.contactEmail = email }
        if let phone = try agreeing("contactPhone", try text("contactPhone"), "contact.phone", try text(contact?["phone"], "contact")) { form.contactPhone = phone }
        if let audience = try audience() { form.audience = audience }
        if let stamps = try text("stampValue") { form.stampValue = stamps }
        if let rideSharing = object["rideSharing"] {
            guard let flag = rideSharing.boolValue ?? (rideSharing == .null ? false : nil) else {
                throw CLIError.usage("ride-sharing: " + tr("must be true or false"))
            }
            form.rideSharing = flag
        }
        if let minutes = try text("remindBefore") { form.remindBefore = minutes }
        if let calendar = try text("calendar") { form.calendar = calendar }
        if let campus = try text("campus") { form.campus = campus }
        if let ministry = try text("ministry") { form.ministry = ministry }
        if let rule = try text("repeat") { form.repeatRule = rule }
        // A series' exceptions are taken as `show --json` prints them; the declaration checks them.
        for key in ["cancelledOccurrences", "extraOccurrences", "changedOccurrences"] {
            if let value = object[key] { form.occurrenceExceptions[key] = value == .null ? .array([]) : value }
        }
        try applyTiming(to: &form)
    }

    // MARK: Timing

    private func applyTiming(to form: inout EventForm) throws {
        let startsAt = try nonNull("startsAt"), endsAt = try nonNull("endsAt")
        let startDate = try nonNull("startDate"), endDate = try nonNull("endDate")
        let starts = try nonNull("starts"), ends = try nonNull("ends")
        var kind = form.timingKind
        if let timing = try text("timing") {
            guard let named = EventTiming.Kind(rawValue: timing) else {
                throw CLIError.usage("timing: " + tr("must be one of {choices} (got \"{value}\")",
                                                     ["choices": "timed, all-day, untimed", "value": timing]))
            }
            kind = named
        } else if startsAt != nil || endsAt != nil {
            kind = .timed
        } else if startDate != nil || endDate != nil {
            kind = .allDay
        } else if let starts {
            kind = LocalDate(iso: starts) != nil ? .allDay : .timed
        }
        if kind != form.timingKind {
            form.timingKind = kind
            // Times of the old timing do not carry over; the object gives the new ones.
            form.starts = ""
            form.ends = ""
        }
        switch kind {
        case .timed:
            if let start = try sameInstant("startsAt", startsAt, "starts", starts) { form.starts = start }
            if let end = try sameInstant("endsAt", endsAt, "ends", ends) { form.ends = end }
        case .allDay:
            if let start = try agreeing("startDate", startDate, "starts", starts) { form.starts = start }
            if let end = try agreeing("endDate", endDate, "ends", ends) { form.ends = end }
        case .untimed:
            form.starts = ""
            form.ends = ""
        }
    }

    /// A time given under both names must be the same instant (the older key has the event's
    /// offset, the store's is UTC).
    private func sameInstant(_ name: String, _ value: String?, _ older: String, _ olderValue: String?) throws -> String? {
        guard let value else { return olderValue }
        if let olderValue, DateTimeText.parse(olderValue, zone: .gmt) != DateTimeText.parse(value, zone: .gmt) {
            throw Self.disagreeing(name, value, older, olderValue)
        }
        return value
    }

    // MARK: Values

    /// The store's field, or the older key's value when only that is given; both must agree.
    private func agreeing(_ name: String, _ value: String?, _ older: String, _ olderValue: String?) throws -> String? {
        guard let value else { return olderValue }
        if let olderValue, olderValue != value {
            throw Self.disagreeing(name, value, older, olderValue)
        }
        return value
    }

    private static func disagreeing(_ name: String, _ value: String, _ older: String, _ olderValue: String) -> CLIError {
        .usage("\(FieldSpec.kebab(name)): " + tr("says \"{value}\" but {older} says \"{olderValue}\"; give one of them",
                                                 ["value": value, "older": older, "olderValue": olderValue]))
    }

    private func nonNull(_ name: String) throws -> String? {
        guard let text = try text(name), !text.isEmpty else { return nil }
        return text
    }

    private func text(_ name: String) throws -> String? {
        try text(object[name], name)
    }

    /// Text, a number as text, "" for null, nil when absent; anything else is refused.
    private func text(_ value: JSONValue?, _ name: String) throws -> String? {
        switch value {
        case nil: return nil
        case .null?: return ""
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .double(let number)?: return String(number)
        default: throw CLIError.usage("\(FieldSpec.kebab(name)): " + tr("must be text (got {value})", ["value": value!.canonicalText]))
        }
    }

    /// `[{"label": …, "url": …}]` as the form's lines.
    private func links() throws -> String? {
        guard let value = object["links"], value != .null else { return object["links"] == nil ? nil : "" }
        guard let items = value.arrayValue else { throw CLIError.usage("links: " + tr("must be a JSON array of {\"label\", \"url\"}")) }
        return try items.map { item in
            guard let url = item["url"]?.stringValue else { throw CLIError.usage("links: " + tr("every link needs a \"url\"")) }
            let label = item["label"]?.stringValue ?? url
            return label.isEmpty || label == url ? url : "\(label.replacingOccurrences(of: "\n", with: " ")) | \(url)"
        }.joined(separator: "\n")
    }

    /// `["families", "youth"]` as the form's comma-separated text.
    private func audience() throws -> String? {
        guard let value = object["audience"] else { return nil }
        if value == .null { return "" }
        guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
            throw CLIError.usage("audience: " + tr("must be a JSON array of words"))
        }
        return items.compactMap(\.stringValue).joined(separator: ",")
    }
}
