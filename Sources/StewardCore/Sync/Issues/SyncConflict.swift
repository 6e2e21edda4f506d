import Foundation
import GRDB

/// A local change the store refused because its record had changed there. Both sides are kept
/// until someone chooses (`SyncEngine.resolve`); meanwhile the record is neither pushed nor
/// overwritten by pulls.
public struct SyncConflict: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var orgId: UUID
    public var entity: String
    public var recordId: UUID
    /// What the person typed (nil for a delete).
    public var localFields: JSONValue?
    public var localDeleted: Bool
    /// The store's record, newest known; nil until the store has shown it.
    public var remote: RemoteRecord?
    public var createdAt: Date
}

/// Which side of a conflict wins.
public enum ConflictChoice: String, Hashable, Sendable {
    /// The local edit is sent again, based on the store's version.
    case local
    /// The local record takes the store's fields and version.
    case remote
}

extension SyncConflict: FetchableRecord {
    public init(row: Row) throws {
        id = row["id"]
        orgId = try UUIDColumn.decode(row["orgId"])
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        let local: String = row["localFields"]
        localFields = local == "null" ? nil : try? JSONValue.parse(local)
        localDeleted = row["localDeleted"]
        let remoteText: String? = row["remoteRecord"]
        remote = remoteText.flatMap { try? JSONDecoder().decode(RemoteRecord.self, from: Data($0.utf8)) }
        createdAt = row["createdAt"]
    }
}

extension RemoteRecord {
    /// How a conflict keeps the store's record: its canonical line, plus who made that version
    /// and when (for the history when the store's side is kept).
    var conflictLine: String {
        var members: [String: JSONValue] = [
            "entity": .string(entity), "id": .string(id), "version": .int(version),
            "deleted": .bool(deleted), "fields": deleted ? .object([:]) : fields,
        ]
        if let changedBy { members["changedBy"] = .string(changedBy) }
        if let changedAt { members["changedAt"] = .int(changedAt) }
        return JSONValue.object(members).canonicalText
    }
}
