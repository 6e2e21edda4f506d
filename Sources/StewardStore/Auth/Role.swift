import Foundation

/// What a token may do. Each token has exactly one role in exactly one organization.
public enum Role: String, Sendable, Hashable, CaseIterable, Codable {
    /// Runs the organization: may push and read.
    case admin
    /// Staff consoles: may push and read.
    case staff
    /// Phone apps and dashboards: may only read (pull, upcoming events).
    case reader

    /// Whether the role may change records.
    public var canPush: Bool {
        switch self {
        case .admin, .staff: true
        case .reader: false
        }
    }
}

/// Who a bearer token speaks for, as the store looked it up.
public struct TokenGrant: Sendable, Hashable {
    public var org: String
    public var role: Role

    public init(org: String, role: Role) {
        self.org = org
        self.role = role
    }
}

/// An API token as the store keeps it: never the token itself.
public struct TokenInfo: Sendable, Hashable {
    /// The first 16 hex digits of the token's SHA-256 hash: names the token in `token list`
    /// and `token revoke`, and in client-id bindings, without giving any of it away.
    public var id: String
    public var org: String
    public var role: Role
    public var createdAt: Date
    /// nil: never expires.
    public var expiresAt: Date?
    public var revokedAt: Date?

    public init(id: String, org: String, role: Role, createdAt: Date, expiresAt: Date?, revokedAt: Date?) {
        self.id = id
        self.org = org
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    public static let idLength = 16

    /// The id of the token whose hash is `hash`.
    public static func id(forHash hash: String) -> String { String(hash.prefix(idLength)) }

    /// Whether `text` could be a token id: 16 lower-case hex digits.
    public static func isId(_ text: String) -> Bool {
        text.count == idLength && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// Why the token no longer works at `now`, or nil when it does.
    public func refusal(at now: Date) -> String? {
        if revokedAt != nil { return "this API token has been revoked" }
        if let expiresAt, expiresAt <= now { return "this API token has expired" }
        return nil
    }
}

/// What revoking a token did.
public enum TokenRevocation: Sendable, Hashable {
    case revoked(TokenInfo)
    case alreadyRevoked(TokenInfo)
    case notFound
}
