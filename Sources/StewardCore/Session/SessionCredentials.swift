import Foundation

/// What is kept on this computer for a signed-in staff member: the store's tokens and when they
/// expire. Never the password, and never in the database.
public struct SessionCredentials: Hashable, Sendable, Codable {
    public var url: String
    public var email: String
    public var role: StaffRole
    public var accessToken: String
    public var refreshToken: String
    /// When the access token stops working.
    public var accessExpiresAt: Date
    /// How long access tokens last at this store: a token is renewed when a quarter of that (at
    /// most 30 seconds) is left.
    public var accessLifetime: TimeInterval
    public var refreshExpiresAt: Date

    public init(url: String, email: String, role: StaffRole, accessToken: String, refreshToken: String,
                accessExpiresAt: Date, accessLifetime: TimeInterval, refreshExpiresAt: Date) {
        self.url = url
        self.email = email
        self.role = role
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessExpiresAt = accessExpiresAt
        self.accessLifetime = accessLifetime
        self.refreshExpiresAt = refreshExpiresAt
    }

    /// The credentials for tokens the store has just issued.
    public init(url: String, tokens: SessionTokens, issuedAt date: Date = Date()) {
        // To the millisecond, as they are kept: what is saved reads back equal.
        let now = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        self.init(url: url, email: tokens.email, role: tokens.role,
                  accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                  accessExpiresAt: now.addingTimeInterval(TimeInterval(tokens.accessExpiresIn)),
                  accessLifetime: TimeInterval(max(0, tokens.accessExpiresIn)),
                  refreshExpiresAt: now.addingTimeInterval(TimeInterval(tokens.refreshExpiresIn)))
    }

    /// Whether the access token should be renewed before it is sent at `now`.
    public func accessTokenNeedsRenewal(at now: Date = Date()) -> Bool {
        accessExpiresAt.timeIntervalSince(now) <= min(30, accessLifetime / 4)
    }

    /// The JSON kept by a credential store.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> SessionCredentials {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(SessionCredentials.self, from: data)
    }
}

/// Which credentials: one console installation's sign-in to one organization. The window and
/// `stewardctl` on the same database share the installation id, so they find the same ones;
/// two databases never share a session (a refresh by one would end the other's).
public struct CredentialKey: Hashable, Sendable {
    /// The installation id, lower-case UUID text.
    public var installation: String
    /// The organization's slug (lower-case letters, digits and dashes).
    public var orgSlug: String

    public init(installation: String, orgSlug: String) {
        self.installation = installation
        self.orgSlug = orgSlug
    }

    /// A name safe as a file name and readable in a keyring: `<installation>-<slug>`.
    public var name: String { "\(installation)-\(orgSlug)" }
}
