import Foundation
import GRDB
import Translation

/// Imports an iCalendar file's events (`EventCalendarImport`) into an organization, keyed by
/// UID (`EventCalendarUID`): an event the file had before is changed in place, one that has not
/// changed is left alone, and nothing is written unless every event of the file can be.
/// What the calendar carries replaces the event's (title, description, place, coordinate,
/// timing, audience, repeat rule and exceptions; URL its first link); what it does not (host,
/// contact, image, stamps, ride sharing, further links) is kept. LOCATION written as Steward
/// writes it (the place's name, a comma and its address) keeps the two; another place clears
/// the address. Writes go through the record kit in one transaction, with their outbox and
/// history entries as any edit's.
public final class EventImporter: Sendable {
    let records: RecordService

    public init(database: AppDatabase) {
        records = RecordService(database: database)
    }

    /// What importing `file` would do; writes nothing.
    public func plan(_ file: EventCalendarFile, in org: Organization) async throws -> EventImportPlan {
        let type = RecordType.event
        var plan = EventImportPlan()
        let found = try await records.database.writer.read { db in
            try file.events.map { event -> (UUID, LocalRecord?) in
                var id = EventCalendarUID.id(of: event.uid, orgId: org.id)
                if let other = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db), other.orgId != org.id {
                    // Another organization of this console has that event: this one's is its own.
                    id = EventCalendarUID.named(event.uid, orgId: org.id)
                }
                return (id, try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db))
            }
        }
        var seen: [UUID: Int] = [:]
        for (event, (id, previous)) in zip(file.events, found) {
            let item = EventImportPlan.Item(number: event.number, uid: event.uid, id: id, title: event.title)
            if let other = seen[id] {
                plan.refused.append(EventImportProblem(number: event.number, uid: event.uid, title: event.title, id: id,
                                                       messages: [tr("is the same event as event {other}", ["other": String(other)])]))
                continue
            }
            seen[id] = event.number
            let fields: JSONValue
            do throws(ValidationError) {
                fields = try type.validate(.object(Self.merged(event, over: previous?.fields)), orgZone: org.timeZone)
            } catch {
                plan.refused.append(EventImportProblem(number: event.number, uid: event.uid, title: event.title, id: id,
                                                       messages: error.issues.map { "\($0.field): \($0.message)" }))
                continue
            }
            guard let previous, !previous.deleted else {
                plan.added.append(item)
                plan.writes.append((id, fields))
                continue
            }
            let differing = Self.differingKeys(previous.fields, fields)
            if differing.isEmpty {
                plan.unchanged.append(item)
            } else {
                var changed = item
                changed.fields = differing
                plan.changed.append(changed)
                plan.writes.append((id, fields))
            }
        }
        for problem in file.problems {
            var refused = problem
            if !problem.uid.isEmpty { refused.id = EventCalendarUID.id(of: problem.uid, orgId: org.id) }
            plan.refused.append(refused)
        }
        plan.refused.sort { $0.number < $1.number }
        plan.skipped = file.cancelled.map {
            EventImportPlan.Item(number: $0.number, uid: $0.uid, id: EventCalendarUID.id(of: $0.uid, orgId: org.id), title: $0.title)
        }
        return plan
    }

    /// Imports `file`: writes the plan's new and changed events in one transaction, unless it
    /// refuses any event, when it writes nothing. The plan is returned either way.
    public func run(_ file: EventCalendarFile, in org: Organization) async throws -> EventImportPlan {
        var plan = try await plan(file, in: org)
        guard plan.refused.isEmpty, !plan.writes.isEmpty else { return plan }
        _ = try await records.save(.event, plan.writes, in: org)
        plan.written = true
        return plan
    }

    /// The stored fields with the calendar's over them (see the type's comment).
    static func merged(_ event: ImportedEvent, over stored: JSONValue?) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if case .object(let object)? = stored { fields = object }
        for (key, value) in event.fields { fields[key] = value }
        let name = stored?["locationName"]?.stringValue ?? "", address = stored?["address"]?.stringValue ?? ""
        if !address.isEmpty, event.location == name + ", " + address {
            fields["locationName"] = .string(name)
        } else if event.location != name {
            fields["address"] = nil
        }
        if let url = event.url {
            var links = fields["links"]?.arrayValue ?? []
            if links.first?["url"]?.stringValue != url {
                let link = JSONValue.object(["label": .string(""), "url": .string(url)])
                if links.isEmpty { links = [link] } else { links[0] = link }
            }
            fields["links"] = .array(links)
        }
        return fields
    }

    private static func differingKeys(_ old: JSONValue, _ new: JSONValue) -> [String] {
        var before: [String: JSONValue] = [:], after: [String: JSONValue] = [:]
        if case .object(let object) = old { before = object }
        if case .object(let object) = new { after = object }
        var keys = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        // The timing's six keys are one field.
        if !keys.intersection(TimingField.keys).isEmpty {
            keys.subtract(TimingField.keys)
            keys.insert(TimingField.kindKey)
        }
        return keys.sorted()
    }
}

/// What an import does or would do, event by event, in the order of the file.
public struct EventImportPlan: Sendable {
    public struct Item: Sendable, Hashable {
        public let number: Int
        public let uid: String
        public let id: UUID
        public let title: String
        /// For a changed event, the fields that change.
        public var fields: [String] = []
    }

    public var added: [Item] = []
    public var changed: [Item] = []
    public var unchanged: [Item] = []
    /// Whole events the file marks cancelled (STATUS:CANCELLED): left out, never added.
    public var skipped: [Item] = []
    /// Events that cannot be imported; any one keeps the import from writing anything.
    public var refused: [EventImportProblem] = []
    /// Whether the new and changed events were written.
    public var written = false
    var writes: [(id: UUID, fields: JSONValue)] = []
}
