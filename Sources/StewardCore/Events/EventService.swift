import Foundation
import GRDB
import Translation

/// What the GUI and the CLI do to events. Every method runs its database work on GRDB's own
/// threads, never the caller's, so the GUI can await them from the main thread without a stall.
public final class EventService: Sendable {
    public let database: AppDatabase
    private let keyCache = EventKeyCache()

    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: Writes

    /// Validates the form and stores a new event. Throws `ValidationError` and changes nothing
    /// when any field is wrong.
    public func create(_ form: EventForm, in org: Organization) async throws -> Event {
        try await create(try form.validate(organizationZone: org.timeZone), in: org)
    }

    /// Stores a new event of details already checked (`EventDetails(typed:organizationZone:)`).
    public func create(_ details: EventDetails, in org: Organization) async throws -> Event {
        try await database.writer.write { db in
            try Self.create(details, in: org, db)
        }
    }

    /// Replaces an event's details with the form's. Throws `ValidationError` (nothing changes)
    /// or `EventStoreError.notFound`.
    public func update(_ id: UUID, with form: EventForm, in org: Organization) async throws -> Event {
        try await update(id, with: try form.validate(organizationZone: org.timeZone), in: org)
    }

    /// Replaces an event's details with checked ones. Throws `EventStoreError.notFound`.
    public func update(_ id: UUID, with details: EventDetails, in org: Organization) async throws -> Event {
        try await database.writer.write { db in
            let previous = try EventStore.fetch(id, db)
            guard !previous.deleted, previous.orgId == org.id else { throw EventStoreError.notFound(id) }
            try Self.checkReferences(details, in: org, db)
            var event = previous
            event.details = details
            event.updatedAt = .storedNow
            try EventStore.save(event, previous: previous, orgZone: org.timeZone, db)
            return event
        }
    }

    /// "This and following" (see `EventDetails.splitting`): the series `id` becomes `before`,
    /// ending just before the split, and `following` is stored as a new series, in one
    /// transaction, so no console or store ever sees one without the other. With `before` nil
    /// (the split is at the first date) the series itself becomes `following`. Returns the
    /// event that holds the dates from the split on.
    public func split(_ id: UUID, before: EventDetails?, following: EventDetails, in org: Organization) async throws -> Event {
        guard let before else { return try await update(id, with: following, in: org) }
        return try await database.writer.write { db in
            let previous = try EventStore.fetch(id, db)
            guard !previous.deleted, previous.orgId == org.id else { throw EventStoreError.notFound(id) }
            var event = previous
            event.details = before
            event.updatedAt = .storedNow
            try EventStore.save(event, previous: previous, orgZone: org.timeZone, db)
            return try Self.create(following, in: org, db)
        }
    }

    /// A new event with the same details, titled "… (copy)", for the next occurrence of a
    /// similar event.
    public func duplicate(_ id: UUID, in org: Organization) async throws -> Event {
        try await database.writer.write { db in
            let original = try EventStore.fetch(id, db)
            guard !original.deleted, original.orgId == org.id else { throw EventStoreError.notFound(id) }
            var details = original.details
            // TRANSLATORS: added to the title of a duplicated event.
            let suffix = tr(" (copy)")
            details.title = String(details.title.prefix(EventForm.maxTitleLength - suffix.count)) + suffix
            return try Self.create(details, in: org, db)
        }
    }

    /// Marks the event deleted (a tombstone the store will learn of); `restore` undoes it.
    @discardableResult
    public func delete(_ id: UUID, in org: Organization) async throws -> Event {
        try await setDeleted(true, id: id, org: org)
    }

    @discardableResult
    public func restore(_ id: UUID, in org: Organization) async throws -> Event {
        try await setDeleted(false, id: id, org: org)
    }

    private func setDeleted(_ deleted: Bool, id: UUID, org: Organization) async throws -> Event {
        try await database.writer.write { db in
            let previous = try EventStore.fetch(id, db)
            guard previous.orgId == org.id, previous.deleted != deleted else { throw EventStoreError.notFound(id) }
            // An event other records name (stamp entries) stays, as any record on the kit does.
            if deleted, let user = try RecordService.referrer(of: LocalRecord(entity: SyncEntity.event, id: id, orgId: org.id,
                                                                                fields: .null), org: org, db) {
                throw RecordServiceError.inUse(user)
            }
            var event = previous
            event.deleted = deleted
            event.updatedAt = .storedNow
            try EventStore.save(event, previous: previous, orgZone: org.timeZone, db)
            return event
        }
    }

    /// Stores many validated events in one transaction (demo data, imports, benchmarks).
    public func insertMany(_ details: [EventDetails], in org: Organization) throws {
        try database.writer.write { db in
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            for item in details {
                _ = try Self.create(item, in: org, author: author, db)
            }
        }
    }

    static func create(_ details: EventDetails, in org: Organization, author: String? = nil, _ db: Database) throws -> Event {
        try checkReferences(details, in: org, db)
        let now = Date.storedNow
        let event = Event(orgId: org.id, createdAt: now, updatedAt: now, details: details)
        try EventStore.insert(event, orgZone: org.timeZone, author: author, db)
        return event
    }

    /// The calendar, campus and ministry an event names must be live ones of the organization, as the store checks
    /// when it is pushed: refused here, it is never sent to be refused there. Its image, when
    /// it names a file of the media library, must be a live image of the organization's.
    static func checkReferences(_ details: EventDetails, in org: Organization, _ db: Database) throws {
        var named: [String: JSONValue] = [:]
        for (field, id) in [("calendar", details.calendar), (CampusTags.campusField, details.campus),
                            (CampusTags.ministryField, details.ministry), ("imageURL", details.imageURL ?? "")] where !id.isEmpty {
            named[field] = .string(id)
        }
        guard !named.isEmpty else { return }
        try RecordService.checkReferences(.object(named), of: .event, org: org, db)
    }

    // MARK: Reads

    public func event(id: UUID) async throws -> Event? {
        try await event(id: id, includingDeleted: false)
    }

    /// The event, or its tombstone too when `includingDeleted` (its history is still there).
    public func event(id: UUID, includingDeleted: Bool) async throws -> Event? {
        try await database.writer.read { db in
            try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?" + (includingDeleted ? "" : " AND deleted = 0"),
                               arguments: [UUIDColumn.encode(id)])
        }
    }

    /// The keys of the events a list shows, in order; see `EventQueries`.
    public func keys(for query: EventQuery) async throws -> [Int64] {
        try await database.writer.read { [keyCache] db in try keyCache.keys(for: query, db) }
    }

    /// The keys of `orgId`'s events that are over by `now` (a series never is).
    public func keysOver(orgId: UUID, now: Date = Date()) async throws -> Set<Int64> {
        try await database.writer.read { db in Set(try EventQueries.overKeys(orgId: orgId, now: now, db)) }
    }

    public func rows(for keys: [Int64]) async throws -> [EventRow] {
        try await database.writer.read { db in try EventQueries.rows(for: keys, db) }
    }

    /// The first `limit` events a list shows (all of them without one), in its order, and how
    /// many it shows in all: only the events shown are read.
    public func events(for query: EventQuery, limit: Int?) async throws -> (events: [Event], total: Int) {
        try await database.writer.read { [keyCache] db in
            let keys = try keyCache.keys(for: query, db)
            let shown = limit.map { Array(keys.prefix($0)) } ?? keys
            return (try EventQueries.events(for: query, keys: shown, db), keys.count)
        }
    }

    public func events(for query: EventQuery) async throws -> [Event] {
        try await database.writer.read { [keyCache] db in
            try EventQueries.events(for: query, keys: keyCache.keys(for: query, db), db)
        }
    }
}
