import Foundation
import Translation

/// What a staff member may do in their organization. The store enforces it; the console
/// mirrors it (a viewer sees no edit controls).
public enum StaffRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// Runs the organization's store: everything an editor can, and manages staff.
    case admin
    /// Creates, edits and deletes records.
    case editor
    /// Approves what app users submit, and edits records.
    case approver
    /// Reads only.
    case viewer

    /// Whether the role may change records (push).
    public var canEdit: Bool { self != .viewer }

    /// For people: "Editor".
    public var displayName: String {
        switch self {
        case .admin: trc("staff role", "Admin")
        case .editor: trc("staff role", "Editor")
        case .approver: trc("staff role", "Approver")
        case .viewer: trc("staff role", "Viewer")
        }
    }
}

/// `POST /v1/orgs/{org}/session`: a staff member signs in to their organization.
public struct SignInRequest: Hashable, Sendable, Codable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// `POST /v1/orgs/{org}/session/refresh`: a new pair of tokens for a refresh token, which is
/// used up by the exchange (a refresh token that is presented twice ends its session).
public struct RefreshRequest: Hashable, Sendable, Codable {
    public var refreshToken: String

    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }
}

/// The answer to signing in and to a refresh. The access token goes in
/// `Authorization: Bearer …` on every other request until it expires; the refresh token only
/// ever goes to `session/refresh`. `DELETE /v1/orgs/{org}/session` (with the access token)
/// signs out: both tokens stop working at once.
public struct SessionTokens: Hashable, Sendable, Codable {
    public var accessToken: String
    public var refreshToken: String
    /// Seconds from now until the access token expires (minutes, not days).
    public var accessExpiresIn: Int
    /// Seconds from now until the refresh token expires, unless used or revoked first.
    public var refreshExpiresIn: Int
    /// The staff member, as the store knows them (email lower-cased).
    public var email: String
    public var role: StaffRole

    public init(accessToken: String, refreshToken: String, accessExpiresIn: Int, refreshExpiresIn: Int,
                email: String, role: StaffRole) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessExpiresIn = accessExpiresIn
        self.refreshExpiresIn = refreshExpiresIn
        self.email = email
        self.role = role
    }
}

/// One field of a record as a change left it.
public struct FieldChange: Hashable, Sendable, Codable {
    public var field: String
    /// Absent: the field had no value (or the record did not exist).
    public var old: JSONValue?
    /// Absent: the field has no value now (or the record was deleted).
    public var new: JSONValue?

    public init(field: String, old: JSONValue?, new: JSONValue?) {
        self.field = field
        self.old = old
        self.new = new
    }
}

/// One change of one record: who made it, when, and what it changed.
public struct HistoryEntry: Hashable, Sendable, Codable {
    /// The record's version after the change.
    public var version: Int64
    /// The staff member's email, or `token:<role>` for a change pushed with an API token.
    public var author: String
    /// Milliseconds since 1970, when the store applied it.
    public var at: Int64
    public var operation: Mutation.Operation
    /// The fields whose value differs from the previous version, sorted by name.
    public var changes: [FieldChange]

    public init(version: Int64, author: String, at: Int64, operation: Mutation.Operation, changes: [FieldChange]) {
        self.version = version
        self.author = author
        self.at = at
        self.operation = operation
        self.changes = changes
    }

    /// The fields that differ between two versions of a record's fields (`nil`: no record),
    /// sorted by name: the one rule both the store and the console use to describe a change.
    public static func changes(from old: JSONValue?, to new: JSONValue?) -> [FieldChange] {
        let before = old.flatMap(Self.members) ?? [:]
        let after = new.flatMap(Self.members) ?? [:]
        return Set(before.keys).union(after.keys).sorted().compactMap { field in
            let was = before[field].flatMap { $0 == .null ? nil : $0 }
            let now = after[field].flatMap { $0 == .null ? nil : $0 }
            return was == now ? nil : FieldChange(field: field, old: was, new: now)
        }
    }

    private static func members(_ value: JSONValue) -> [String: JSONValue]? {
        if case .object(let members) = value { members } else { nil }
    }
}

/// `GET /v1/orgs/{org}/records/{entity}/{id}/history`: every change of one record, oldest first.
public struct HistoryResponse: Hashable, Sendable, Codable {
    public var entries: [HistoryEntry]

    public init(entries: [HistoryEntry]) {
        self.entries = entries
    }
}
