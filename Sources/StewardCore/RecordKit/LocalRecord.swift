import Foundation

/// A record as this console keeps it, whatever its type: the fields are canonical JSON, checked
/// by the type's declaration (or, for a type this console does not know yet, as received).
public struct LocalRecord: Hashable, Sendable, Identifiable {
    public var entity: String
    public var id: UUID
    public var orgId: UUID
    /// The remote store's version this copy is based on; 0 until the store has seen it.
    public var version: Int64
    public var createdAt: Date
    public var updatedAt: Date
    public var deleted: Bool
    public var fields: JSONValue

    public init(entity: String, id: UUID = UUID(), orgId: UUID, version: Int64 = 0, createdAt: Date = .storedNow,
                updatedAt: Date = .storedNow, deleted: Bool = false, fields: JSONValue) {
        self.entity = entity
        self.id = id
        self.orgId = orgId
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deleted = deleted
        self.fields = fields
    }

    /// The lower-case id, as the database and the wire write it.
    public var key: String { UUIDColumn.encode(id) }

    /// The fields as the store and the history see them: none for a tombstone.
    var liveFields: JSONValue? { deleted ? nil : fields }

    public subscript(field: String) -> JSONValue? { fields[field] }
}
