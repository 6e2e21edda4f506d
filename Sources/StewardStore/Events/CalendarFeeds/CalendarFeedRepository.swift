import Foundation
import StewardCore

/// A calendar subscription: the address calendar apps poll for an organization's events
/// (`GET /v1/orgs/{org}/calendar.ics?key=…`). Calendar apps cannot send a bearer token, so the
/// key is in the address; the store keeps only its SHA-256 hash, named by its first 16 hex
/// digits, as it does tokens. A revoked feed answers 404 for good.
public struct CalendarFeed: Sendable, Hashable {
    public var id: String
    public var org: String
    /// Only events for this audience (and those for everyone); nil: every event.
    public var audience: String?
    public var createdAt: Date
    public var revokedAt: Date?

    public init(id: String, org: String, audience: String?, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.org = org
        self.audience = audience
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    public static func id(forHash hash: String) -> String { String(hash.prefix(TokenInfo.idLength)) }
}

public enum CalendarFeedRevocation: Sendable, Hashable {
    case revoked(CalendarFeed)
    case alreadyRevoked(CalendarFeed)
    case notFound
}

/// The calendar feeds, in the database so every store process serves and revokes them alike.
/// Every method is one transaction.
public protocol CalendarFeedRepository: Sendable {
    func addCalendarFeed(hash: String, org: String, audience: String?, createdAt: Date) async throws
    /// The feed whose key has this hash, revoked ones included.
    func calendarFeed(forHash hash: String) async throws -> CalendarFeed?
    /// The organization's feeds, oldest first.
    func calendarFeeds(org: String) async throws -> [CalendarFeed]
    func revokeCalendarFeed(id: String, now: Date) async throws -> CalendarFeedRevocation
    /// When the organization's records of `entity` last changed (a deletion included), ms since
    /// 1970; nil when it has none: the feed's Last-Modified.
    func lastChange(org: String, entity: String) async throws -> Int64?
}
