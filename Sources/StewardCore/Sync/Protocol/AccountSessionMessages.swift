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
/// and time zone) and a session in it, refreshed and signed out at `/v1/orgs/{org}/session…` like
/// one from the per-organization sign-in. On the wire the session's fields (`SessionTokens`'s)
/// sit beside the organization's in one object.
public struct OrgSession: Hashable, Sendable, Codable {
    public var org: String
    public var name: String
    public var timeZone: String
    /// The session, as the per-organization sign-in answers it.
    public var tokens: SessionTokens

    public init(org: String, name: String, timeZone: String, tokens: SessionTokens) {
        self.org = org
        self.name = name
        self.timeZone = timeZone
        self.tokens = tokens
    }

    private enum CodingKeys: String, CodingKey { case org, name, timeZone }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        org = try container.decode(String.self, forKey: .org)
        name = try container.decode(String.self, forKey: .name)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        tokens = try SessionTokens(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try tokens.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(org, forKey: .org)
        try container.encode(name, forKey: .name)
        try container.encode(timeZone, forKey: .timeZone)
    }
}
