import Foundation
import GRDB

public enum EventStoreError: Error, Equatable, CustomStringConvertible {
    case notFound(UUID)

    public var description: String {
        switch self {
        case .notFound(let id): "no event with id \(id.uuidString.lowercased())"
        }
    }
}

/// Every write to the event table, inside a caller's transaction. Each one also appends the
/// outbox entry, so a change and its record of what to send are never apart.
enum EventStore {
    static let entity = "event"

    static func insert(_ event: Event, orgZone: TimeZone, _ db: Database) throws {
        try db.cachedStatement(sql: insertSQL)
            .execute(arguments: StatementArguments(event.databaseValues(orgZone: orgZone)))
        try appendOutbox(for: event, db)
    }

    static func save(_ event: Event, orgZone: TimeZone, _ db: Database) throws {
        // Every column but the first (id) is rewritten; the id goes last, for the WHERE clause.
        var values = event.databaseValues(orgZone: orgZone)
        values.append(values.removeFirst())
        try db.cachedStatement(sql: updateSQL).execute(arguments: StatementArguments(values))
        if db.changesCount == 0 { throw EventStoreError.notFound(event.id) }
        try appendOutbox(for: event, db)
    }

    static func fetch(_ id: UUID, _ db: Database) throws -> Event {
        guard let event = try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?",
                                             arguments: [UUIDColumn.encode(id)])
        else { throw EventStoreError.notFound(id) }
        return event
    }

    private static let insertSQL = """
        INSERT INTO event (\(Event.columnNames.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ", ")))
        """

    private static let updateSQL = """
        UPDATE event SET \(Event.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ?
        """

    private static func appendOutbox(for event: Event, _ db: Database) throws {
        let entry = OutboxEntry(
            orgId: event.orgId, entity: entity, recordId: event.id,
            operation: event.deleted ? .delete : .upsert,
            payload: event.deleted ? "null" : event.details.syncFields.canonicalText,
            baseVersion: event.version, createdAt: event.updatedAt)
        try db.cachedStatement(sql: """
            INSERT INTO outbox (orgId, entity, recordId, operation, payload, baseVersion, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                UUIDColumn.encode(entry.orgId), entry.entity, UUIDColumn.encode(entry.recordId),
                entry.operation.rawValue, entry.payload, entry.baseVersion, DateTimeText.storage(entry.createdAt),
            ])
    }
}
