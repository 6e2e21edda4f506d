import Foundation
import GRDB

/// What became of one pulled record.
enum RemoteApplyOutcome: Equatable {
    /// The local row now holds the store's record.
    case applied
    /// The local row already had this version (or a newer one).
    case unchanged
    /// A local edit waits to be sent, or a conflict to be resolved: the local row is kept.
    case keptLocal
    /// Not something this console stores (another entity, another organization's id).
    case ignored
    /// The fields do not pass validation; nothing was written.
    case invalid(String)
}

/// Writes to the event table that come from the store: unlike `EventStore`'s writes, they add
/// no outbox entry (the store already has them). Callers run them inside the transaction that
/// also stores what justifies them (the pull cursor, the push result) and bump
/// `DataGeneration.bumpPulls` there.
extension EventStore {
    /// Applies one pulled record, unless the local row has a pending edit or an open conflict.
    static func applyRemote(_ record: RemoteRecord, org: Organization, _ db: Database) throws -> RemoteApplyOutcome {
        guard record.entity == entity, let id = UUID(uuidString: record.id) else { return .ignored }
        let key = UUIDColumn.encode(id)
        if try SyncIssues.hasConflict(entity: entity, recordId: key, db) {
            // Keep the store's newest record beside the conflict, so resolving sees it.
            try db.execute(sql: """
                UPDATE syncConflict SET remoteRecord = ?
                WHERE entity = ? AND recordId = ?
                  AND (remoteRecord IS NULL OR json_extract(remoteRecord, '$.version') < ?)
                """, arguments: [record.conflictLine, entity, key, record.version])
            return .keptLocal
        }
        if try SyncIssues.hasOutbox(entity: entity, recordId: key, db) { return .keptLocal }
        let existing = try Event.fetchOne(db.cachedStatement(sql: "SELECT * FROM event WHERE id = ?"), arguments: [key])
        if let existing {
            if existing.orgId != org.id { return .ignored }
            if existing.version >= record.version { return .unchanged }
        }
        return try overwrite(with: record, existing: existing, org: org, db)
    }

    /// Makes the local row the store's record, whatever the local state (resolving a conflict
    /// for the store's side).
    static func overwrite(with record: RemoteRecord, existing: Event?, org: Organization, _ db: Database) throws -> RemoteApplyOutcome {
        guard let id = UUID(uuidString: record.id) else { return .ignored }
        let now = Date.storedNow
        var event: Event
        if record.deleted {
            // A tombstone keeps the last fields it had; one for a record never seen here gets
            // empty ones (the dump shows a tombstone's fields as {}).
            event = existing ?? Event(id: id, orgId: org.id, createdAt: now, updatedAt: now,
                                      details: EventDetails(title: "", timing: .untimed))
            event.deleted = true
        } else {
            let details: EventDetails
            do {
                details = try EventDetails(syncFields: record.fields)
            } catch {
                return .invalid(error.description)
            }
            event = existing ?? Event(id: id, orgId: org.id, createdAt: now, updatedAt: now, details: details)
            event.details = details
            event.deleted = false
        }
        event.version = record.version
        event.updatedAt = now
        try write(event, exists: existing != nil, orgZone: org.timeZone, db)
        var recorded = record
        recorded.id = UUIDColumn.encode(id)
        try HistoryLog.recordPulled(orgId: org.id, record: recorded,
                                    old: existing.flatMap { $0.deleted ? nil : $0.details.syncFields }, db)
        return .applied
    }

    /// Records the version the store gave an applied mutation; the row's fields stay as they
    /// are (they are what was sent, or a newer local edit waiting to be sent on top of it).
    static func setVersion(_ version: Int64, of id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE event SET version = ? WHERE id = ?").execute(arguments: [version, id])
    }

    /// Appends an outbox entry by hand (resolving a conflict for the local side), with the
    /// base version given rather than the row's.
    static func appendOutbox(for event: Event, baseVersion: Int64, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO outbox (orgId, entity, recordId, operation, payload, baseVersion, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                UUIDColumn.encode(event.orgId), entity, UUIDColumn.encode(event.id),
                event.deleted ? "delete" : "upsert",
                event.deleted ? "null" : event.details.syncFields.canonicalText,
                baseVersion, Date.storedNow,
            ])
    }

    private static func write(_ event: Event, exists: Bool, orgZone: TimeZone, _ db: Database) throws {
        var values = event.databaseValues(orgZone: orgZone)
        if exists {
            values.append(values.removeFirst())
            try db.cachedStatement(sql: remoteUpdateSQL).execute(arguments: StatementArguments(values))
        } else {
            try db.cachedStatement(sql: remoteInsertSQL).execute(arguments: StatementArguments(values))
        }
    }

    private static let remoteInsertSQL = """
        INSERT INTO event (\(Event.columnNames.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: Event.columnNames.count).joined(separator: ", ")))
        """

    private static let remoteUpdateSQL = """
        UPDATE event SET \(Event.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ?
        """
}
