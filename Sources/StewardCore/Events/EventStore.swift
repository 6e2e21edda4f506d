import Foundation
import GRDB
import Translation

public enum EventStoreError: Error, Equatable, CustomStringConvertible {
    case notFound(UUID)
    /// The event of a submission approved here, shown before the store published it: it is the
    /// store's record, so an edit waits until the sync brings it.
    case waitingForTheStore(UUID)

    public var description: String {
        switch self {
        case .notFound(let id): tr("no event with id {id}", ["id": id.uuidString.lowercased()])
        case .waitingForTheStore: tr("This event is published when the store confirms the approval; sync first")
        }
    }
}

/// Every write to the event table, inside a caller's transaction. Each one also appends the
/// outbox entry and the history entry, so a change, its record of what to send and its place in
/// the record's history are never apart.
enum EventStore {
    static let entity = "event"

    /// `author` defaults to the organization's signed-in staff member, else this console.
    static func insert(_ event: Event, orgZone: TimeZone, author: String? = nil, _ db: Database) throws {
        try db.cachedStatement(sql: insertSQL)
            .execute(arguments: StatementArguments(event.databaseValues(orgZone: orgZone)))
        try recordLocalChange(event, previous: nil, author: author, db)
    }

    /// Rewrites an existing event; `previous` is the row before the change (read here when not
    /// given), for the history.
    static func save(_ event: Event, previous: Event? = nil, orgZone: TimeZone, author: String? = nil,
                     _ db: Database) throws {
        let before = try previous ?? Event.fetchOne(db.cachedStatement(sql: "SELECT * FROM event WHERE id = ?"),
                                                    arguments: [UUIDColumn.encode(event.id)])
        if let before, try ApprovalService.isShownAheadOfTheStore(before.localRecord, db) {
            throw EventStoreError.waitingForTheStore(event.id)
        }
        // Every column but the first (id) is rewritten; the id goes last, for the WHERE clause.
        var values = event.databaseValues(orgZone: orgZone)
        values.append(values.removeFirst())
        try db.cachedStatement(sql: updateSQL).execute(arguments: StatementArguments(values))
        if db.changesCount == 0 { throw EventStoreError.notFound(event.id) }
        try recordLocalChange(event, previous: before, author: author, db)
    }

    static func fetch(_ id: UUID, _ db: Database) throws -> Event {
        guard let event = try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?",
                                             arguments: [UUIDColumn.encode(id)])
        else { throw EventStoreError.notFound(id) }
        return event
    }

    private static func recordLocalChange(_ event: Event, previous: Event?, author: String?, _ db: Database) throws {
        try RecordWrites.recordLocalChange(
            entity: entity, orgId: event.orgId, recordId: event.id,
            fields: event.deleted ? nil : event.details.syncFields,
            previous: previous.flatMap { $0.deleted ? nil : $0.details.syncFields },
            baseVersion: event.version, at: event.updatedAt, author: author, db)
    }

    /// Writes the row alone (no outbox, no history): for changes that come from the store.
    static func writeRow(_ event: Event, exists: Bool, orgZone: TimeZone, _ db: Database) throws {
        var values = event.databaseValues(orgZone: orgZone)
        if exists {
            values.append(values.removeFirst())
            try db.cachedStatement(sql: updateSQL).execute(arguments: StatementArguments(values))
        } else {
            try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments(values))
        }
    }

    private static let insertSQL = """
        INSERT INTO event (\(Event.columnNames.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ", ")))
        """

    private static let updateSQL = """
        UPDATE event SET \(Event.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ?
        """
}
