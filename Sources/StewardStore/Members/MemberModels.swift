import Foundation
import StewardCore

/// A member's account as the store keeps it beside their `member` record: what signing in
/// needs and nothing the console may see. Role, name and the disabled flag live in the record,
/// which staff change.
public struct MemberAccount: Sendable, Hashable {
    public var org: String
    /// Lower-case UUID text: the `member` record's id.
    public var id: String
    /// Lower-cased (`StaffCredentialRules.normalizedEmail`), one account per organization.
    public var email: String
    public var passwordHash: String
    public var createdAt: Date

    public init(org: String, id: String, email: String, passwordHash: String, createdAt: Date) {
        self.org = org
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }

    /// What a member's sessions are filed under in the session tables. No staff email can look
    /// like it (it has no @), so a member's session is never taken for a staff member's.
    var sessionKey: String { Self.sessionKey(id: id) }
    static func sessionKey(id: String) -> String { "member:\(id)" }

    /// What failed sign-ins are counted under, apart from a staff account with the same email.
    static func throttleKey(email: String) -> String { "member:\(email)" }
}

/// What a member's access token stands for, as the store found it, with their record.
public struct MemberAccess: Sendable, Hashable {
    public var sessionId: String
    public var org: String
    public var memberId: String
    public var expiresAt: Date
    /// Signed out, or ended because a used refresh token came back.
    public var revoked: Bool
    /// The member's record: role, name, disabled.
    public var profile: JSONValue
    /// The token was used before (see `StaffAccess.used`).
    public var used: Bool

    public init(sessionId: String, org: String, memberId: String, expiresAt: Date, revoked: Bool, profile: JSONValue,
                used: Bool) {
        self.sessionId = sessionId
        self.org = org
        self.memberId = memberId
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.profile = profile
        self.used = used
    }

    public var role: MemberRole { (profile["role"]?.stringValue).flatMap(MemberRole.init(rawValue:)) ?? .member }
    public var isDisabled: Bool { profile["disabled"]?.boolValue ?? false }
    public var email: String { profile["email"]?.stringValue ?? "" }
}

/// How presenting a member's refresh token went.
public enum MemberRefreshOutcome: Sendable, Hashable {
    case refreshed(memberId: String)
    case reused
    case refused
}
