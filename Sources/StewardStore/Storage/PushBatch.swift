import Foundation
import StewardCore

/// A push request that passed the checks that make a request malformed (400), as opposed to
/// the per-mutation checks that make a single mutation `rejected`.
public struct PushBatch: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var id: Int64
        public var entity: String
        /// Lower-case UUID text, whatever case the client sent.
        public var recordId: String
        public var operation: Mutation.Operation
        public var baseVersion: Int64
        public var fields: JSONValue?
    }

    public var clientId: String
    public var items: [Item]
    /// What the pusher's role allows beyond editing records; the push handler sets it from the
    /// bearer (`AccessGrant.permissions`).
    public var permissions = PushPermissions()

    public static let maxMutations = 1000
    public static let maxClientIdLength = 100

    /// Why a request is malformed; the message goes back to the client verbatim.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public init(_ request: PushRequest) throws(Invalid) {
        guard !request.clientId.isEmpty, request.clientId.count <= Self.maxClientIdLength else {
            throw Invalid(message: "clientId: must be 1 to \(Self.maxClientIdLength) characters")
        }
        // PostgreSQL text cannot hold NUL, and no console makes such an id: refused here rather
        // than failing in the database.
        guard !request.clientId.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw Invalid(message: "clientId: must not contain control characters")
        }
        guard request.mutations.count <= Self.maxMutations else {
            throw Invalid(message: "mutations: at most \(Self.maxMutations) per request")
        }
        var items: [Item] = []
        items.reserveCapacity(request.mutations.count)
        for (index, mutation) in request.mutations.enumerated() {
            let at = "mutations[\(index)]"
            // Range-checked before any arithmetic: `previous.id + 1` on an id near Int64.max
            // would trap and take the whole store down with it.
            guard WireNumbers.isCounter(mutation.id, from: 1) else {
                throw Invalid(message: "\(at).id: must be from 1 to \(WireNumbers.maxCounter)")
            }
            if let previous = items.last, mutation.id != previous.id + 1 {
                // Ids are the exactly-once bookkeeping: a hole or a repeat inside one batch is
                // a client bug, never something a retry produces.
                throw Invalid(message: "\(at).id: mutation ids must be consecutive (expected \(previous.id + 1), got \(mutation.id))")
            }
            guard WireNumbers.isCounter(mutation.baseVersion) else {
                throw Invalid(message: "\(at).baseVersion: must be from 0 to \(WireNumbers.maxCounter)")
            }
            guard let uuid = UUID(uuidString: mutation.recordId) else {
                throw Invalid(message: "\(at).recordId: must be a UUID")
            }
            items.append(Item(id: mutation.id, entity: mutation.entity, recordId: uuid.uuidString.lowercased(),
                              operation: mutation.operation, baseVersion: mutation.baseVersion,
                              fields: mutation.fields))
        }
        self.clientId = request.clientId
        self.items = items
    }

    public var firstId: Int64? { items.first?.id }
    public var lastId: Int64? { items.last?.id }
}

/// Decisions staff make on what app users created: who may approve submissions and who may
/// change members' roles (docs/approvals.md).
public struct PushPermissions: Sendable, Hashable {
    /// Approve, reject or request changes on a submission.
    public var decide: Bool
    /// Make a member a trusted organizer, or disable them.
    public var manageMembers: Bool
    /// The role's name, for refusals.
    public var roleName: String

    public init(decide: Bool = false, manageMembers: Bool = false, roleName: String = "") {
        self.decide = decide
        self.manageMembers = manageMembers
        self.roleName = roleName
    }
}
