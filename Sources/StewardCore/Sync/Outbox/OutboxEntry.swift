import Foundation
import GRDB

/// One local change waiting to reach the remote store. Written in the same transaction as the
/// change itself, so a crash keeps both or neither; the sync engine sends entries in `seq` order.
public struct OutboxEntry: Hashable, Sendable {
    public enum Operation: String, Sendable, Codable {
        case upsert
        case delete
    }

    public var seq: Int64?
    public var orgId: UUID
    public var entity: String
    public var recordId: UUID
    public var operation: Operation
    /// The record's fields in canonical JSON (`null` for a delete).
    public var payload: String
    /// The store's version the change was made on; 0 for a record the store has not seen.
    public var baseVersion: Int64
    public var createdAt: Date

    public init(seq: Int64? = nil, orgId: UUID, entity: String, recordId: UUID, operation: Operation,
                payload: String, baseVersion: Int64, createdAt: Date = Date()) {
        self.seq = seq
        self.orgId = orgId
        self.entity = entity
        self.recordId = recordId
        self.operation = operation
        self.payload = payload
        self.baseVersion = baseVersion
        self.createdAt = createdAt
    }
}

extension OutboxEntry: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "outbox"

    public init(row: Row) throws {
        seq = row["seq"]
        orgId = try UUIDColumn.decode(row["orgId"])
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        // The table's CHECK allows only these two words; anything else is a damaged database,
        // never to be guessed into an upsert that would put back what the change removed.
        guard let operation = Operation(rawValue: row["operation"]) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "outbox entry \(seq ?? 0) has an operation that is not upsert or delete")
        }
        self.operation = operation
        payload = row["payload"]
        baseVersion = row["baseVersion"]
        createdAt = row["createdAt"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["seq"] = seq
        container["orgId"] = UUIDColumn.encode(orgId)
        container["entity"] = entity
        container["recordId"] = UUIDColumn.encode(recordId)
        container["operation"] = operation.rawValue
        container["payload"] = payload
        container["baseVersion"] = baseVersion
        container["createdAt"] = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = inserted.rowID
    }
}

public enum Outbox {
    /// How many changes have not reached the store yet.
    public static func pendingCount(_ db: Database, orgId: UUID? = nil) throws -> Int {
        if let orgId {
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE orgId = ?",
                                    arguments: [UUIDColumn.encode(orgId)]) ?? 0
        }
        return try OutboxEntry.fetchCount(db)
    }

    public static func entries(_ db: Database, limit: Int = 500) throws -> [OutboxEntry] {
        try OutboxEntry.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY seq LIMIT ?", arguments: [limit])
    }
}
