import Foundation

/// A record as the remote store holds it, and as both sides write it in the canonical dump:
/// one JSON object a line, `{"deleted":…,"entity":…,"fields":{…},"id":…,"version":…}`.
public struct RemoteRecord: Hashable, Sendable, Codable {
    public var entity: String
    /// Lower-case UUID text.
    public var id: String
    public var version: Int64
    public var deleted: Bool
    /// The record's fields; an empty object for a tombstone.
    public var fields: JSONValue
    /// Who made this version (a staff member's email, or `token:<role>`) and when (ms since
    /// 1970), as the store recorded it: sent in the change feed for the console's history, never
    /// part of the canonical dump. Absent for versions stored before history was kept.
    public var changedBy: String?
    public var changedAt: Int64?

    public init(entity: String, id: String, version: Int64, deleted: Bool, fields: JSONValue,
                changedBy: String? = nil, changedAt: Int64? = nil) {
        self.entity = entity
        self.id = id
        self.version = version
        self.deleted = deleted
        self.fields = deleted ? .object([:]) : fields
        self.changedBy = changedBy
        self.changedAt = changedAt
    }

    /// The record's line in the canonical dump.
    public var canonicalLine: String {
        JSONValue.object([
            "entity": .string(entity), "id": .string(id), "version": .int(version),
            "deleted": .bool(deleted), "fields": deleted ? .object([:]) : fields,
        ]).canonicalText
    }

    /// The whole canonical dump: sorted by entity, then id; a newline after every line.
    public static func canonicalDump(_ records: [RemoteRecord]) -> String {
        records.sorted { ($0.entity, $0.id) < ($1.entity, $1.id) }
            .map { $0.canonicalLine + "\n" }.joined()
    }
}
