import Foundation

/// `POST /v1/session` (body: `SignInRequest`): a staff member signs in without naming an
/// organization, and gets a session in every organization of the store where that email and
/// password are on staff. This is how a console that has no organization yet finds the ones
/// its user may connect to.
public struct AccountSessions: Hashable, Sendable, Codable {
    /// By slug; never empty (no organization answers 401 `wrong-credentials`).
    public var organizations: [OrgSession]

    public init(organizations: [OrgSession]) {
        self.organizations = organizations
    }
}

/// One organization of `AccountSessions`: what the console needs to set it up (its slug, name
/// and time zone) and a session in it, with the same fields as `SessionTokens`, each session
/// refreshed and signed out at `/v1/orgs/{org}/session…` like one from the per-organization sign-in.
public struct OrgSession: Hashable, Sendable, Codable {
    public var org: String
    public var name: String
    public var timeZone: String
    public var accessToken: String
    public var refreshToken: String
    public var accessExpiresIn: Int
    public var refreshExpiresIn: Int
    public var email: String
    public var role: StaffRole

    public init(org: String, name: String, timeZone: String, tokens: SessionTokens) {
        self.org = org
        self.name = name
        self.timeZone = timeZone
        self.accessToken = tokens.accessToken
        self.refreshToken = tokens.refreshToken
        self.accessExpiresIn = tokens.accessExpiresIn
        self.refreshExpiresIn = tokens.refreshExpiresIn
        self.email = tokens.email
        self.role = tokens.role
    }

    /// The session, as the per-organization sign-in answers it.
    public var tokens: SessionTokens {
        SessionTokens(accessToken: accessToken, refreshToken: refreshToken, accessExpiresIn: accessExpiresIn,
                      refreshExpiresIn: refreshExpiresIn, email: email, role: role)
    }
}
