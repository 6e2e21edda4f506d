import Foundation

/// One local change, sent to the store. `id` is the console's mutation id: consecutive per
/// client, so the store can tell a replay (already applied: "duplicate") from a gap.
public struct Mutation: Sendable {
    public enum Operation: String, Hashable, Sendable, Codable {
        case upsert
        case delete
    }

    public var id: Int64
    public var entity: String
    public var recordId: String
    public var operation: Operation
    /// The store version this change was made on; 0 for a record the store has never seen.
    public var baseVersion: Int64
    /// The record's fields for an upsert; absent for a delete.
    public var fields: JSONValue? {
        get { fieldsText.map { (try? JSONValue.parse($0)) ?? .null } ?? storedFields }
        set { storedFields = newValue; fieldsText = nil }
    }
    /// The canonical text of the fields when the mutation was made from it (a console's outbox
    /// payload): a request carries it as it is, rather than parsing and writing it again. It
    /// always reads: the outbox sets aside an entry whose text does not (`PushQueue.assign`) as
    /// a rejected change before it is given a mutation id.
    public private(set) var fieldsText: String?
    private var storedFields: JSONValue?

    public init(id: Int64, entity: String, recordId: String, operation: Operation, baseVersion: Int64, fields: JSONValue?) {
        self.id = id
        self.entity = entity
        self.recordId = recordId
        self.operation = operation
        self.baseVersion = baseVersion
        self.storedFields = fields
    }

    /// An upsert whose fields are `fieldsText`, canonical JSON text of an object.
    public init(id: Int64, entity: String, recordId: String, baseVersion: Int64, fieldsText: String) {
        self.init(id: id, entity: entity, recordId: recordId, operation: .upsert, baseVersion: baseVersion, fields: nil)
        self.fieldsText = fieldsText
    }
}

extension Mutation: Hashable {
    public static func == (a: Mutation, b: Mutation) -> Bool {
        a.id == b.id && a.entity == b.entity && a.recordId == b.recordId && a.operation == b.operation
            && a.baseVersion == b.baseVersion && a.fields == b.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(recordId)
        hasher.combine(fields)
    }
}

extension Mutation: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, entity, recordId, operation, baseVersion, fields
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int64.self, forKey: .id), entity: try container.decode(String.self, forKey: .entity),
                  recordId: try container.decode(String.self, forKey: .recordId),
                  operation: try container.decode(Operation.self, forKey: .operation),
                  baseVersion: try container.decode(Int64.self, forKey: .baseVersion),
                  fields: try container.decodeIfPresent(JSONValue.self, forKey: .fields))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(entity, forKey: .entity)
        try container.encode(recordId, forKey: .recordId)
        try container.encode(operation, forKey: .operation)
        try container.encode(baseVersion, forKey: .baseVersion)
        try container.encodeIfPresent(fields, forKey: .fields)
    }
}

public struct PushRequest: Hashable, Sendable, Codable {
    /// The console installation and organization the mutation ids count for.
    public var clientId: String
    public var mutations: [Mutation]
    /// The store the mutations' base versions came from (`PullResponse.storeId`), when the
    /// console knows it: another store refuses the whole push with `store-changed` rather
    /// than read versions it never gave out.
    public var storeId: String?

    public init(clientId: String, mutations: [Mutation], storeId: String? = nil) {
        self.clientId = clientId
        self.mutations = mutations
        self.storeId = storeId
    }
}

public enum MutationStatus: String, Hashable, Sendable, Codable {
    /// Stored now; `version` is the record's new version.
    case applied
    /// Applied by an earlier request; `version` and `originalStatus` say how it went then (a
    /// replayed conflict also holds the store's current `record`).
    case duplicate
    /// The record changed on the store since `baseVersion`; nothing was stored and `record`
    /// holds the store's row.
    case conflict
    /// Can never be applied (invalid fields, unknown entity...); `reason` says why.
    case rejected
}

public struct MutationResult: Hashable, Sendable, Codable {
    public var id: Int64
    public var status: MutationStatus
    public var version: Int64?
    public var reason: String?
    public var record: RemoteRecord?
    /// For a duplicate: what the first delivery's status was.
    public var originalStatus: MutationStatus?

    public init(id: Int64, status: MutationStatus, version: Int64? = nil, reason: String? = nil,
                record: RemoteRecord? = nil, originalStatus: MutationStatus? = nil) {
        self.id = id
        self.status = status
        self.version = version
        self.reason = reason
        self.record = record
        self.originalStatus = originalStatus
    }
}

public struct PushResponse: Hashable, Sendable, Codable {
    /// The highest mutation id of this client the store has applied.
    public var lastMutationId: Int64
    public var results: [MutationResult]

    public init(lastMutationId: Int64, results: [MutationResult]) {
        self.lastMutationId = lastMutationId
        self.results = results
    }
}
