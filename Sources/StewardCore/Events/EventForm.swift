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
    /// Minutes before each start to remind the audience, as typed (one of `EventReminder.words`);
    /// empty: no reminder.
    public var remindBefore = ""
    /// The id of the calendar it belongs to, as chosen or typed; empty: none.
    public var calendar = ""
    /// The ids of the campus and ministry it concerns, as chosen or typed; empty: all.
    public var campus = ""
    public var ministry = ""
    /// The repeat rule as typed (an RRULE value); empty: the event happens once.
    public var repeatRule = ""
    /// The series' cancelled, extra and changed occurrences, carried as the record holds them
    /// (`cancelledOccurrences`, `extraOccurrences`, `changedOccurrences`).
    public var occurrenceExceptions: [String: JSONValue] = [:]

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

    /// Checks every field, reporting every problem at once: the typed text becomes the record's
    /// fields and goes through the events' declaration (`RecordType.event.validate`), as what
    /// another side sends does, so the form, the CLI and the store refuse the same things.
    public func validate(organizationZone: TimeZone) throws(ValidationError) -> EventDetails {
        var fields: [String: JSONValue] = [:]
        let declared = Self.declared
        for (name, text) in [("title", title), ("description", description), ("locationName", locationName),
                             ("address", address), ("latitude", latitude), ("longitude", longitude),
                             ("imageURL", imageURL), ("host", host), ("contactName", contactName),
                             ("contactEmail", contactEmail), ("contactPhone", contactPhone), ("audience", audience),
                             ("stampValue", stampValue), ("remindBefore", remindBefore),
                             ("calendar", calendar), ("campus", campus), ("ministry", ministry)] {
            fields[name] = declared.field(name)?.kind.typedValue(text) ?? .string(text)
        }
        fields["rideSharing"] = .bool(rideSharing)
        fields["repeat"] = .string(repeatRule)
        fields.merge(occurrenceExceptions) { _, exceptions in exceptions }
        fields.merge(timingKeys) { _, timing in timing }
        // A line that is no link is named as typed; the links that read are checked with the rest.
        var linkProblem: FieldError?
        do throws(FieldError) {
            fields["links"] = .array(try Self.parseLinks(links).map { .object(["label": .string($0.label), "url": .string($0.url)]) })
        } catch {
            linkProblem = error
        }
        do throws(ValidationError) {
            let canonical = try declared.validate(.object(fields), orgZone: organizationZone)
            if let linkProblem { throw ValidationError(field: EventField.links, message: linkProblem.message) }
            return EventDetails(canonical: canonical)
        } catch {
            guard let linkProblem, !error.issues.contains(where: { $0.field == EventField.links }) else { throw error }
            throw ValidationError(Self.inDeclaredOrder(error.issues + [ValidationIssue(field: EventField.links, message: linkProblem.message)]))
        }
    }

    /// The timing as the kit's timing field reads it (see `TimingField.Typed`).
    private var timingKeys: [String: JSONValue] {
        TimingField.Typed(kind: timingKind, starts: starts, ends: ends, zone: timeZone).keys
    }

    /// Problems in the order the fields are declared, as validation reports them.
    private static func inDeclaredOrder(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        let order = declared.fields.flatMap { field -> [String] in
            if case .timing = field.kind { return TimingField.Part.all }
            return [field.reportName]
        }
        func rank(_ issue: ValidationIssue) -> Int { order.firstIndex(of: issue.field) ?? order.count }
        return issues.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// The typed lines, one link a line (`Label | https://...`, or just the address), read as
    /// the declaration types them (`ListAsLines`); how many there may be is its to check.
    static func parseLinks(_ text: String) throws(FieldError) -> [EventLink] {
        guard let field = declared.field("links"), let lines = declared.editorLayout.linesByField["links"] else { return [] }
        let items: JSONValue
        do throws(ValidationError) {
            items = try lines.items(from: text, of: field)
        } catch {
            throw FieldError(error.issues.first?.message ?? "")
        }
        return (items.arrayValue ?? []).compactMap { item in
            item["url"]?.stringValue.map { url in
                let label = item["label"]?.stringValue ?? ""
                return EventLink(label: label.isEmpty ? url : label, url: url)
            }
        }
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
        let timing = TimingField.Typed(.object(TimingField.values(of: details.timing)), organizationZone: organizationZone)
        timingKind = timing.kind
        starts = timing.starts
        ends = timing.ends
        timeZone = timing.zone
        imageURL = details.imageURL ?? ""
        links = Self.declared.editorLayout.linesByField["links"]?.text(of: .array(details.links.map {
            .object(["label": .string($0.label), "url": .string($0.url)])
        })) ?? ""
        host = details.host
        contactName = details.contact.name
        contactEmail = details.contact.email ?? ""
        contactPhone = details.contact.phone ?? ""
        audience = details.audience.joined(separator: ", ")
        stampValue = details.stampValue == 0 ? "" : String(details.stampValue)
        rideSharing = details.rideSharing
        remindBefore = details.remindBefore == 0 ? "" : String(details.remindBefore)
        calendar = details.calendar
        campus = details.campus
        ministry = details.ministry
        var repeats = details.repeats.fields
        repeatRule = repeats.removeValue(forKey: "repeat")?.stringValue ?? ""
        occurrenceExceptions = repeats
    }
}
