import Foundation
import StewardCore

/// An organization as the store keeps it.
public struct OrgInfo: Sendable, Hashable {
    public var slug: String
    public var name: String
    /// IANA zone; all-day events start and end at midnight here.
    public var timeZone: String
    /// The last number the organization's change sequence gave out.
    public var lastSeq: Int64
    /// Tombstones up to this version were purged: older cursors must resync.
    public var purgedThroughSeq: Int64
    /// This store's copy of the organization, made with it and never changed (a restored
    /// backup keeps it; another store has another): what consoles tell stores apart by.
    public var storeId: String

    public init(slug: String, name: String, timeZone: String, lastSeq: Int64 = 0, purgedThroughSeq: Int64 = 0,
                storeId: String = "") {
        self.slug = slug
        self.name = name
        self.timeZone = timeZone
        self.lastSeq = lastSeq
        self.purgedThroughSeq = purgedThroughSeq
        self.storeId = storeId
    }

    var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }
}

/// A page of the change feed, before it becomes a `PullResponse`.
public struct ChangesPage: Sendable, Hashable {
    public var changes: [RemoteRecord]
    public var cursor: SyncCursor
    public var hasMore: Bool
    /// The organization's `storeId` and `purgedThroughSeq` when the page was read.
    public var storeId: String = ""
    public var purgedThrough: Int64 = 0
}

/// What a push did: a result per mutation, or a gap the client must fill first.
public enum PushOutcome: Sendable, Hashable {
    case completed(PushResponse)
    /// The batch starts past the next id expected; resend from `lastMutationId + 1`.
    case gap(lastMutationId: Int64)
}

/// What a purge removed.
public struct PurgeOutcome: Sendable, Hashable {
    public var purgedCount: Int
    public var purgedThroughSeq: Int64
}

/// The failures storage reports in protocol terms; anything else is a bug or a database fault.
public enum StoreFailure: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownOrg(String)
    case orgExists(String)
    /// The organization already has a staff member with this email.
    case staffExists(String)
    /// The cursor points into history the store no longer has (purged, or from another store).
    case resyncRequired
    /// The database did not answer or kept failing; the client should retry later.
    case unavailable(String)
    /// The client id was first pushed with another credential (another staff member's account
    /// or another API token).
    case clientIdInUse(String)
    /// No API token of the organization has this id.
    case unknownToken(String)
    /// The organization already has a member with this email.
    case emailTaken(String)

    public var description: String {
        switch self {
        case .unknownOrg(let slug): "no organization '\(slug)'"
        case .orgExists(let slug): "organization '\(slug)' already exists"
        case .staffExists(let email): "\(email) is already on the organization's staff"
        case .resyncRequired: "the cursor is older than the store's history: pull again from the start"
        case .unavailable(let detail): "the database is unavailable: \(detail)"
        case .unknownToken(let id): "the organization has no API token with id \(id)"
        case .emailTaken: "an account with this email already exists; sign in instead"
        case .clientIdInUse(let clientId):
            "client id '\(clientId)' belongs to another staff account or API token of this organization; a console whose database was copied, or signed in as someone else, must use a client id of its own"
        }
    }
}
