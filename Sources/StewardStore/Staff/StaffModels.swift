import Foundation
import StewardCore

/// A staff member as the store keeps them: one account per organization and email.
public struct StaffMember: Sendable, Hashable {
    public var org: String
    /// Lower-cased (`StaffCredentialRules.normalizedEmail`).
    public var email: String
    public var role: StaffRole
    /// `PasswordHasher`'s stored form; never the password.
    public var passwordHash: String
    public var createdAt: Date

    public init(org: String, email: String, role: StaffRole, passwordHash: String, createdAt: Date) {
        self.org = org
        self.email = email
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// The hashes and expiry times of a pair of session tokens, as the repository stores them.
public struct SessionTokenHashes: Sendable, Hashable {
    public var accessHash: String
    public var accessExpiresAt: Date
    public var refreshHash: String
    public var refreshExpiresAt: Date

    public init(accessHash: String, accessExpiresAt: Date, refreshHash: String, refreshExpiresAt: Date) {
        self.accessHash = accessHash
        self.accessExpiresAt = accessExpiresAt
        self.refreshHash = refreshHash
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// What an access token stands for, as the store found it. The role is the staff member's
/// current one; a removed member's tokens are not found at all.
public struct StaffAccess: Sendable, Hashable {
    public var sessionId: String
    public var org: String
    public var email: String
    public var role: StaffRole
    public var expiresAt: Date
    /// Signed out, ended because a used refresh token came back, or the member was removed.
    public var revoked: Bool
    /// The token has been used before (`StaffRepository.markAccessTokenUsed`).
    public var used: Bool

    public init(sessionId: String, org: String, email: String, role: StaffRole, expiresAt: Date, revoked: Bool,
                used: Bool = false) {
        self.sessionId = sessionId
        self.org = org
        self.email = email
        self.role = role
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.used = used
    }
}

/// How presenting a refresh token went.
public enum RefreshOutcome: Sendable, Hashable {
    /// The token was good: it is used up and the replacement pair is stored.
    case refreshed(email: String, role: StaffRole)
    /// A repeat of the latest exchange, its answer lost: the pair it gave is withdrawn and the
    /// replacement pair stored instead.
    case retried(email: String, role: StaffRole)
    /// The token was already used: someone else holds a copy, so the whole session was ended.
    case reused
    /// Unknown, expired, of another organization, or of an ended session: nothing changed.
    case refused
}
