import Foundation

/// The entities that sync; the store refuses any other.
public enum SyncEntity {
    public static let event = "event"
    public static let all: Set<String> = [event]
}

/// One local change, sent to the store. `id` is the console's mutation id: consecutive per
/// client, so the store can tell a replay (already applied: "duplicate") from a gap.
public struct Mutation: Hashable, Sendable, Codable {
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
    public var fields: JSONValue?

    public init(id: Int64, entity: String, recordId: String, operation: Operation, baseVersion: Int64, fields: JSONValue?) {
        self.id = id
        self.entity = entity
        self.recordId = recordId
        self.operation = operation
        self.baseVersion = baseVersion
        self.fields = fields
    }
}

public struct PushRequest: Hashable, Sendable, Codable {
    /// The console installation and organization the mutation ids count for.
    public var clientId: String
    public var mutations: [Mutation]

    public init(clientId: String, mutations: [Mutation]) {
        self.clientId = clientId
        self.mutations = mutations
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
