import Crypto
import Foundation
import Translation

/// Keeps a CalDAV calendar collection in step with an organization's events: one resource per
/// event (`EventCalendarExport.resource`, a series with its changed dates), sending only what
/// changed since the last run as `PublishedResources` remembers it. New events are PUT with
/// `If-None-Match: *`, changed ones with `If-Match` their last ETag, and the resources of events
/// deleted (or no longer timed) since are DELETEd with `If-Match`; the rest get no request. A
/// 412 means someone changed or removed the resource on the server: it is reported and left
/// alone, unless `force`, which writes and deletes without preconditions. The table changes
/// only for requests the server took.
public struct CalendarPublisher: Sendable {
    public let server: any CalDAVServer
    public let resources: PublishedResources

    public init(server: any CalDAVServer, resources: PublishedResources) {
        self.server = server
        self.resources = resources
    }

    /// What a run would send: PUTs (with the resource last sent, nil for a new event), DELETEs,
    /// and how many events are as last sent.
    public struct Plan: Sendable {
        public struct Write: Sendable {
            public var event: Event
            public var body: String
            public var bodyHash: String
            public var previous: PublishedResource?
        }
        public var writes: [Write] = []
        public var removals: [PublishedResource] = []
        public var unchanged = 0
    }

    public static func plan(events: [Event], published: [PublishedResource]) -> Plan {
        var plan = Plan()
        let known = Dictionary(published.map { ($0.eventId, $0) }, uniquingKeysWith: { first, _ in first })
        var shown = Set<UUID>()
        for event in events.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
            guard let body = EventCalendarExport.resource(event) else { continue }
            shown.insert(event.id)
            let hash = bodyHash(body)
            if let previous = known[event.id], previous.bodyHash == hash {
                plan.unchanged += 1
            } else {
                plan.writes.append(Plan.Write(event: event, body: body, bodyHash: hash, previous: known[event.id]))
            }
        }
        plan.removals = published.filter { !shown.contains($0.eventId) }
        return plan
    }

    static func bodyHash(_ body: String) -> String {
        SHA256.hash(data: Data(body.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Publishes `events` (the organization's; deleted and ongoing ones are not calendar
    /// events, and their resources are removed). Throws `CalDAVError` when the server cannot be
    /// used at all (wrong password, unreachable): what was done before stays recorded.
    public func publish(_ events: [Event], calendarName: String, force: Bool = false) async throws -> CalendarPublishResult {
        let plan = Self.plan(events: events, published: try await resources.all())
        var result = CalendarPublishResult(collectionURL: resources.collectionURL)
        result.unchanged = plan.unchanged
        try await server.prepareCollection(displayName: calendarName)
        for write in plan.writes {
            let condition: CalDAVCondition = force ? .none : write.previous.map { $0.etag.map(CalDAVCondition.ifMatch) ?? .none } ?? .ifNoneMatch
            let href = write.previous?.href ?? CalDAVAddress.resource(of: write.event.id, in: resources.collectionURL)
            let outcome = try await server.put(href, body: write.body, condition: condition)
            switch outcome {
            case .done(let etag):
                try await resources.save(PublishedResource(eventId: write.event.id, href: href, etag: etag, bodyHash: write.bodyHash))
                if write.previous == nil { result.added.append(write.event.id) } else { result.updated.append(write.event.id) }
            case .preconditionFailed:
                result.conflicts.append(.init(id: write.event.id, title: write.event.details.title, reason: ""))
            case .notFound, .refused:
                result.failures.append(.init(id: write.event.id, title: write.event.details.title, reason: Self.reason(outcome)))
            }
        }
        for removal in plan.removals {
            let condition: CalDAVCondition = force ? .none : removal.etag.map(CalDAVCondition.ifMatch) ?? .none
            let outcome = try await server.delete(removal.href, condition: condition)
            switch outcome {
            case .done, .notFound:
                // Gone either way: what the organization has.
                try await resources.remove(removal.eventId)
                result.removed.append(removal.eventId)
            case .preconditionFailed:
                result.conflicts.append(.init(id: removal.eventId, title: try await title(of: removal.eventId), reason: ""))
            case .refused:
                result.failures.append(.init(id: removal.eventId, title: try await title(of: removal.eventId), reason: Self.reason(outcome)))
            }
        }
        return result
    }

    /// Publishes the organization's events to the collection `server` stands for (its address
    /// as `CalDAVAddress.collection` writes it), the calendar named after the organization.
    public static func publish(_ org: Organization, database: AppDatabase, collectionURL: String, server: any CalDAVServer,
                               force: Bool = false) async throws -> CalendarPublishResult {
        let events = try await EventService(database: database).events(for: EventQuery(orgId: org.id))
        let publisher = CalendarPublisher(server: server,
                                          resources: PublishedResources(database: database, orgId: org.id, collectionURL: collectionURL))
        return try await publisher.publish(events, calendarName: org.name, force: force)
    }

    /// A removed event's title, from its tombstone.
    private func title(of id: UUID) async throws -> String {
        try await EventService(database: resources.database).event(id: id, includingDeleted: true)?.details.title ?? ""
    }

    private static func reason(_ outcome: CalDAVOutcome) -> String {
        switch outcome {
        case .notFound: tr("the calendar server answered 404 (not found)")
        case .refused(let status): tr("the calendar server refused it ({status})", ["status": String(status)])
        case .done, .preconditionFailed: ""
        }
    }
}
