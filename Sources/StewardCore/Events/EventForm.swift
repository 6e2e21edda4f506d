import Foundation
import Translation

/// An event as a person typed it: plain text, not yet checked. The editor window and the CLI
/// both fill one in and call `validate`, so both accept and refuse exactly the same things.
/// A failed validation leaves the form as it was, so nothing typed is lost.
public struct EventForm: Hashable, Sendable {
    public var title = ""
    public var description = ""
    public var locationName = ""
    public var address = ""
    public var latitude = ""
    public var longitude = ""
    public var timingKind: EventTiming.Kind = .timed
    /// Timed: `2026-12-01T18:00` (local to `timeZone`, or with an offset). All-day: `2026-12-01`.
    public var starts = ""
    /// Like `starts`; empty means one hour after the start (timed) or the same day (all-day).
    public var ends = ""
    /// Empty means the organization's zone.
    public var timeZone = ""
    public var imageURL = ""
    /// One link a line: `Label | https://...`, or just the address.
    public var links = ""
    public var host = ""
    public var contactName = ""
    public var contactEmail = ""
    public var contactPhone = ""
    /// Comma-separated audience tags.
    public var audience = ""
    public var stampValue = ""
    public var rideSharing = false

    public init() {}

    // The limits are the declaration's (Event+RecordType), read from it rather than repeated.
    public static let maxTitleLength = declared.maxLength("title")
    public static let maxDescriptionLength = declared.maxLength("description")
    public static let maxLinks = declared.maxItems("links")
    public static let stampRange = declared.integerRange("stampValue")
    static let timingLimits = declared.timingLimits("timing")
    static let defaultDuration = timingLimits.defaultDuration
    static let longestTimedEvent = timingLimits.longestTimed
    private static var declared: RecordType { .event }

    /// Checks every field, reporting every problem at once.
    public func validate(organizationZone: TimeZone) throws(ValidationError) -> EventDetails {
        var issues = IssueCollector()
        let title = issues.check(EventField.title) { () throws(FieldError) in
            try FieldParsers.required(self.title, maxLength: Self.maxTitleLength)
        }
        let description = issues.check(EventField.description) { () throws(FieldError) in
            try FieldParsers.limited(self.description, maxLength: Self.maxDescriptionLength)
        } ?? ""
        let locationName = issues.check(EventField.locationName) { () throws(FieldError) in
            try FieldParsers.limited(self.locationName, maxLength: Self.declared.maxLength("locationName"))
        } ?? ""
        let address = issues.check(EventField.address) { () throws(FieldError) in
            try FieldParsers.limited(self.address, maxLength: Self.declared.maxLength("address"))
        } ?? ""
        let coordinate = checkCoordinate(&issues)
        let timing = checkTiming(&issues, organizationZone: organizationZone)
        let imageURL = issues.check(EventField.imageURL) { () throws(FieldError) in
            try FieldParsers.webURL(self.imageURL)
        } ?? nil
        let links = issues.check(EventField.links) { () throws(FieldError) in
            try Self.parseLinks(self.links)
        } ?? []
        let host = issues.check(EventField.host) { () throws(FieldError) in
            try FieldParsers.limited(self.host, maxLength: Self.declared.maxLength("host"))
        } ?? ""
        let contactName = issues.check(EventField.contactName) { () throws(FieldError) in
            try FieldParsers.limited(self.contactName, maxLength: Self.declared.maxLength("contactName"))
        } ?? ""
        let email = issues.check(EventField.contactEmail) { () throws(FieldError) in
            try FieldParsers.email(self.contactEmail)
        } ?? nil
        let phone = issues.check(EventField.contactPhone) { () throws(FieldError) in
            try FieldParsers.phone(self.contactPhone)
        } ?? nil
        let audience = issues.check(EventField.audience) { () throws(FieldError) in
            try FieldParsers.tags(self.audience)
        } ?? []
        let stamps = issues.check(EventField.stampValue) { () throws(FieldError) in
            try FieldParsers.integer(self.stampValue, in: Self.stampRange, default: 0)
        } ?? 0

        try issues.throwIfAny()
        return EventDetails(
            title: title!, description: description, locationName: locationName, address: address,
            coordinate: coordinate, timing: timing!, imageURL: imageURL, links: links, host: host,
            contact: Contact(name: contactName, email: email, phone: phone), audience: audience,
            stampValue: stamps, rideSharing: rideSharing)
    }

    private func checkCoordinate(_ issues: inout IssueCollector) -> Coordinate? {
        let lat = issues.check(EventField.latitude) { () throws(FieldError) in
            try FieldParsers.decimal(self.latitude, in: -90...90, name: "latitude")
        } ?? nil
        let lon = issues.check(EventField.longitude) { () throws(FieldError) in
            try FieldParsers.decimal(self.longitude, in: -180...180, name: "longitude")
        } ?? nil
        switch (lat, lon) {
        case let (lat?, lon?):
            return Coordinate(latitude: lat, longitude: lon)
        case (_?, nil) where FieldParsers.trimmed(longitude).isEmpty:
            issues.add(EventField.longitude, tr("is needed when a latitude is given (or clear both)"))
        case (nil, _?) where FieldParsers.trimmed(latitude).isEmpty:
            issues.add(EventField.latitude, tr("is needed when a longitude is given (or clear both)"))
        default:
            break
        }
        return nil
    }

    /// The timing as the kit's timing field checks it: the form's start and end are the
    /// record's keys of its kind, an end left empty is left out (an hour later, the same day).
    private func checkTiming(_ issues: inout IssueCollector, organizationZone: TimeZone) -> EventTiming? {
        var keys: [String: JSONValue] = [TimingField.kindKey: .string(timingKind.rawValue),
                                         TimingField.timeZone: .string(timeZone)]
        let (startKey, endKey) = timingKind == .allDay ? (TimingField.startDate, TimingField.endDate)
                                                        : (TimingField.startsAt, TimingField.endsAt)
        keys[startKey] = .string(starts)
        if !FieldParsers.trimmed(ends).isEmpty { keys[endKey] = .string(ends) }
        return TimingField.parse(keys, limits: Self.timingLimits, zone: organizationZone, issues: &issues)
            .flatMap { TimingField.timing(of: .object($0)) }
    }

    static func parseLinks(_ text: String) throws(FieldError) -> [EventLink] {
        var links: [EventLink] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = FieldParsers.trimmed(String(rawLine))
            if line.isEmpty { continue }
            var label = ""
            var address = line
            if let bar = line.lastIndex(of: "|") {
                label = FieldParsers.trimmed(String(line[..<bar]))
                address = FieldParsers.trimmed(String(line[line.index(after: bar)...]))
            }
            let url: String?
            do {
                url = try FieldParsers.webURL(address)
            } catch {
                throw FieldError(tr("\"{line}\" is not a link: write \"Label | https://...\" or just the address", ["line": line]))
            }
            guard let url else { continue }
            links.append(EventLink(label: label.isEmpty ? url : label, url: url))
        }
        if links.count > maxLinks {
            throw FieldError(tr("has too many links ({count}; at most {maximum})",
                                ["count": String(links.count), "maximum": String(maxLinks)]))
        }
        return links
    }
}

extension EventForm {
    /// The form that shows an existing event, so editing starts from what is stored.
    public init(_ details: EventDetails, organizationZone: TimeZone) {
        self.init()
        title = details.title
        description = details.description
        locationName = details.locationName
        address = details.address
        latitude = details.coordinate.map { String($0.latitude) } ?? ""
        longitude = details.coordinate.map { String($0.longitude) } ?? ""
        timingKind = details.timing.kind
        switch details.timing {
        case .timed(let start, let end, let zoneName):
            let zone = TimeZone(identifier: zoneName) ?? organizationZone
            starts = DateTimeText.local(start, zone: zone)
            ends = DateTimeText.local(end, zone: zone)
            timeZone = zone.identifier == organizationZone.identifier ? "" : zoneName
        case .allDay(let first, let last):
            starts = first.description
            ends = last.description
        case .untimed:
            break
        }
        imageURL = details.imageURL ?? ""
        links = details.links.map { $0.label == $0.url ? $0.url : "\($0.label) | \($0.url)" }.joined(separator: "\n")
        host = details.host
        contactName = details.contact.name
        contactEmail = details.contact.email ?? ""
        contactPhone = details.contact.phone ?? ""
        audience = details.audience.joined(separator: ", ")
        stampValue = details.stampValue == 0 ? "" : String(details.stampValue)
        rideSharing = details.rideSharing
    }
}
