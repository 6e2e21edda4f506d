import Foundation
import GRDB

extension Event: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "event"

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        orgId = try UUIDColumn.decode(row["orgId"])
        version = row["version"]
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
        deleted = row["deleted"]
        let timing = EventTiming(row: row)
        let latitude: Double? = row["latitude"]
        let longitude: Double? = row["longitude"]
        details = EventDetails(
            title: row["title"], description: row["description"], locationName: row["locationName"],
            address: row["address"],
            coordinate: latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } },
            timing: timing, imageURL: row["imageURL"],
            links: try EventColumns.decodeLinks(row["links"], event: row["id"]), host: row["host"],
            contact: Contact(name: row["contactName"], email: row["contactEmail"], phone: row["contactPhone"]),
            audience: try EventColumns.decodeTags(row["audience"], event: row["id"]), stampValue: row["stampValue"],
            rideSharing: row["rideSharing"], remindBefore: row["remindBefore"] ?? 0,
            calendar: row["calendar"] ?? "", campus: row["campus"] ?? "", ministry: row["ministry"] ?? "",
            repeats: try EventColumns.decodeRepeats(rule: row["repeatRule"], exceptions: row["occurrenceExceptions"],
                                                    timing: timing, event: row["id"]))
    }

    /// Needs the organization's zone for all-day events, so writes go through
    /// `databaseValues(orgZone:)`; this form assumes UTC and exists for GRDB's protocol.
    public func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in zip(Self.columnNames, databaseValues(orgZone: .gmt)) {
            container[column] = value
        }
    }

    /// The event table's columns, in the order `databaseValues` lists their values.
    public static let columnNames = [
        "id", "orgId", "version", "createdAt", "updatedAt", "deleted", "title", "description",
        "locationName", "address", "latitude", "longitude", "timingKind", "startsAt", "endsAt",
        "startDate", "endDate", "timeZone", "imageURL", "links", "host", "contactName",
        "contactEmail", "contactPhone", "audience", "stampValue", "rideSharing", "repeatRule", "occurrenceExceptions",
        "remindBefore", "calendar", "campus", "ministry",
    ]

    /// The row as stored, column by column (`columnNames` order).
    public func databaseValues(orgZone: TimeZone) -> [DatabaseValue] {
        var startDate: String?
        var endDate: String?
        var zone: String?
        switch details.timing {
        case .allDay(let first, let last):
            startDate = first.description
            endDate = last.description
        case .timed(_, _, let name):
            zone = name
        case .untimed:
            break
        }
        let values: [(any DatabaseValueConvertible)?] = [
            UUIDColumn.encode(id), UUIDColumn.encode(orgId), version,
            DateTimeText.storage(createdAt), DateTimeText.storage(updatedAt), deleted,
            details.title, details.description, details.locationName, details.address,
            details.coordinate?.latitude, details.coordinate?.longitude, details.timing.kind.rawValue,
            details.timing.sortStart(orgZone: orgZone).map(DateTimeText.storage),
            details.timing.sortEnd(orgZone: orgZone).map(DateTimeText.storage),
            startDate, endDate, zone, details.imageURL, EventColumns.encodeLinks(details.links),
            details.host, details.contact.name, details.contact.email, details.contact.phone,
            EventColumns.encodeTags(details.audience), details.stampValue, details.rideSharing,
            details.repeats.rule?.text ?? "", details.repeats.exceptionsColumn, details.remindBefore,
            details.calendar, details.campus, details.ministry,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }
}

/// The JSON text columns (links, audience) use the canonical JSON form, written by hand
/// because bulk inserts write one of each per row.
enum EventColumns {
    static func encodeLinks(_ links: [EventLink]) -> String {
        JSONValue.array(links.map { .object(["label": .string($0.label), "url": .string($0.url)]) }).canonicalText
    }

    /// The links as stored. A column that does not read as a list of links fails, naming the
    /// event (`StoredRecordUnreadable`): opened without them, an edit would save it without them.
    static func decodeLinks(_ text: String?, event id: String) throws -> [EventLink] {
        guard let text, text != "[]" else { return [] }
        return try items(text, column: "links", event: id).map { item in
            guard let url = item["url"]?.stringValue else {
                throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "a link without an address in \(text)")
            }
            return EventLink(label: item["label"]?.stringValue ?? url, url: url)
        }
    }

    static func encodeTags(_ tags: [String]) -> String {
        JSONValue.array(tags.map { .string($0) }).canonicalText
    }

    /// The audience as stored; a column that does not read as a list of words fails, as links do.
    static func decodeTags(_ text: String?, event id: String) throws -> [String] {
        guard let text, text != "[]" else { return [] }
        return try items(text, column: "audience", event: id).map { item in
            guard let word = item.stringValue else {
                throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "an audience item that is not a word in \(text)")
            }
            return word
        }
    }

    /// How the event repeats, as stored; a rule or exceptions that do not read fail, as links do.
    static func decodeRepeats(rule: String?, exceptions: String?, timing: EventTiming, event id: String) throws -> EventRepeats {
        let ruleText = rule ?? "", exceptionsText = exceptions ?? "{}"
        guard !ruleText.isEmpty || exceptionsText != "{}" else { return .none }
        var fields: [String: JSONValue] = ["repeat": .string(ruleText)]
        do {
            guard case .object(let members) = try JSONValue.parse(exceptionsText) else {
                throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "occurrenceExceptions is not an object: \(exceptionsText)")
            }
            fields.merge(members) { _, new in new }
        } catch let error as StoredRecordUnreadable {
            throw error
        } catch {
            throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "occurrenceExceptions: \(error)")
        }
        let repeats = EventRepeats(canonical: .object(fields), timing: timing)
        if !ruleText.isEmpty, repeats.rule == nil {
            throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "a repeat rule that does not read: \(ruleText)")
        }
        return repeats
    }

    private static func items(_ text: String, column: String, event id: String) throws -> [JSONValue] {
        do {
            guard let items = try JSONValue.parse(text).arrayValue else {
                throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "\(column) is not a list: \(text)")
            }
            return items
        } catch let error as StoredRecordUnreadable {
            throw error
        } catch {
            throw StoredRecordUnreadable(entity: SyncEntity.event, id: id, problem: "\(column): \(error)")
        }
    }
}

extension EventTiming {
    /// Reads the timing columns of an event row (full rows and list rows alike).
    init(row: Row) {
        switch EventTiming.Kind(rawValue: row["timingKind"]) ?? .untimed {
        case .timed:
            self = .timed(start: row["startsAt"], end: row["endsAt"], timeZone: row["timeZone"] ?? "UTC")
        case .allDay:
            let first = LocalDate(iso: row["startDate"] ?? "") ?? LocalDate(year: 1970, month: 1, day: 1)
            self = .allDay(first: first, last: LocalDate(iso: row["endDate"] ?? "") ?? first)
        case .untimed:
            self = .untimed
        }
    }
}
