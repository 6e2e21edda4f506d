import Foundation
import Translation

extension EventDetails {
    /// Reads the fields another side sent and checks them with the same rules as a typed form,
    /// so the store refuses exactly what the console would. What does not fit its field (a
    /// number or a flag for a text, a link without an address, an audience item that is not a
    /// word) is refused naming the field, never turned into something else or dropped: a
    /// pulled event that is refused is kept as an unreadable record, shown on the Sync page.
    public init(syncFields fields: JSONValue) throws(ValidationError) {
        guard case .object = fields else { throw ValidationError(field: "fields", message: tr("must be a JSON object")) }
        var reader = SyncFieldsReader(fields: fields)
        var form = EventForm()
        form.title = reader.text("title", EventField.title)
        form.description = reader.text("description", EventField.description)
        form.locationName = reader.text("locationName", EventField.locationName)
        form.address = reader.text("address", EventField.address)
        form.latitude = reader.number("latitude", EventField.latitude)
        form.longitude = reader.number("longitude", EventField.longitude)
        let timing = reader.text(TimingField.kindKey, EventField.timing)
        form.imageURL = reader.text("imageURL", EventField.imageURL)
        form.links = reader.links()
        form.host = reader.text("host", EventField.host)
        form.contactName = reader.text("contactName", EventField.contactName)
        form.contactEmail = reader.text("contactEmail", EventField.contactEmail)
        form.contactPhone = reader.text("contactPhone", EventField.contactPhone)
        form.audience = reader.audience()
        form.stampValue = reader.number("stampValue", EventField.stampValue)
        form.rideSharing = reader.flag("rideSharing", EventField.rideSharing)
        guard let kind = EventTiming.Kind(rawValue: timing) else {
            reader.issues.add(EventField.timing, tr("must be one of timed, all-day, untimed"))
            throw ValidationError(reader.issues.issues)
        }
        form.timingKind = kind
        switch kind {
        case .timed:
            form.starts = reader.text(TimingField.startsAt, EventField.starts)
            form.ends = reader.text(TimingField.endsAt, EventField.ends)
            form.timeZone = reader.text(TimingField.timeZone, EventField.timeZone)
            if form.ends.isEmpty, !reader.issues.issues.contains(where: { $0.field == EventField.ends }) {
                reader.issues.add(EventField.ends, tr("is required"))
            }
        case .allDay:
            form.starts = reader.text(TimingField.startDate, EventField.starts)
            form.ends = reader.text(TimingField.endDate, EventField.ends)
        case .untimed:
            break
        }
        // A value of the wrong kind is the problem to name, not what the form makes of its absence.
        try reader.issues.throwIfAny()
        // The zone only matters for times without an offset; synced times always carry one.
        self = try form.validate(organizationZone: .gmt)
    }
}

/// Takes an event's sync fields into the form's text, noting each value of the wrong kind.
private struct SyncFieldsReader {
    let fields: JSONValue
    var issues = IssueCollector()

    /// A text field: text, or nothing (null or absent) for empty.
    mutating func text(_ key: String, _ field: String) -> String {
        switch fields[key] {
        case .string(let text)?: return text
        case nil, .null?: return ""
        case let other?:
            issues.add(field, tr("must be text (got {value})", ["value": other.canonicalText]))
            return ""
        }
    }

    /// A number field: a JSON number, or its text; nothing for none.
    mutating func number(_ key: String, _ field: String) -> String {
        switch fields[key] {
        case .int(let number)?: return String(number)
        // Swift writes the shortest text that reads back as the same number.
        case .double(let number)?: return String(number)
        case .string(let text)?: return text
        case nil, .null?: return ""
        case let other?:
            issues.add(field, tr("must be a number (got {value})", ["value": other.canonicalText]))
            return ""
        }
    }

    mutating func flag(_ key: String, _ field: String) -> Bool {
        switch fields[key] {
        case .bool(let value)?: return value
        case nil, .null?: return false
        case let other?:
            issues.add(field, tr("must be yes or no (got {value})", ["value": other.canonicalText]))
            return false
        }
    }

    /// The links as the form writes them, one `label | address` a line.
    mutating func links() -> String {
        guard let value = fields["links"], value != .null else { return "" }
        guard let items = value.arrayValue else {
            issues.add(EventField.links, tr("must be a list of links, each with a \"url\" and a \"label\""))
            return ""
        }
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            let number = String(index + 1)
            guard case .object = item, case .string(let url)? = item["url"],
                  !url.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                issues.add(EventField.links, tr("link {number} has no address (a \"url\")", ["number": number]))
                continue
            }
            let label: String
            switch item["label"] {
            case .string(let text)?: label = text.isEmpty ? url : text
            case nil, .null?: label = url
            case let other?:
                issues.add(EventField.links, tr("the label of link {number} must be text (got {value})",
                                                ["number": number, "value": other.canonicalText]))
                continue
            }
            if label.contains(where: \.isNewline) || url.contains(where: \.isNewline) {
                issues.add(EventField.links, tr("link {number} must be on one line", ["number": number]))
                continue
            }
            lines.append(label == url ? url : "\(label) | \(url)")
        }
        return lines.joined(separator: "\n")
    }

    /// The audience as the form writes it, comma-separated.
    mutating func audience() -> String {
        guard let value = fields["audience"], value != .null else { return "" }
        guard let items = value.arrayValue else {
            issues.add(EventField.audience, tr("must be a list of words"))
            return ""
        }
        var words: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let word) = item, !word.contains(",") else {
                issues.add(EventField.audience, tr("item {number} must be a word (got {value})",
                                                   ["number": String(index + 1), "value": item.canonicalText]))
                continue
            }
            words.append(word)
        }
        return words.joined(separator: ",")
    }
}
