import Foundation
import StewardCore

/// Everything the store keeps, behind one interface so the HTTP layer and the commands do not
/// care whether one process owns a SQLite file or several share a PostgreSQL database.
///
/// Every method is one transaction. Implementations must give pushes of one organization a
/// single order, and must make a change's number visible only after every smaller number of
/// that organization is visible (see docs/sync.md, "Pull: never skipping a change").
public protocol StoreRepository: StaffRepository, MemberRepository, HistoryRepository, PassportRepository,
                                 AttemptRepository, CalendarFeedRepository, PushDeviceRepository,
                                 PushQueueRepository, MediaRepository, Sendable {
    /// Creates or upgrades the schema; safe to run from several processes at once.
    func migrate() async throws
    /// Throws unless the database answers a trivial query.
    func checkHealth() async throws

    func addOrg(_ org: OrgInfo) async throws
    func org(slug: String) async throws -> OrgInfo?
    func orgSlugs() async throws -> [String]

    /// Stores a token's hash (never the token) with its organization, role and expiry (nil:
    /// never). With `replacing` (a token id of the same organization), in the same
    /// transaction: the old token is revoked and the client ids bound to it pass to the new
    /// one, so the consoles that used it go on under the new one (`TokenRotation`); throws
    /// `StoreFailure.unknownToken` when there is no such token.
    func addToken(hash: String, grant: TokenGrant, createdAt: Date, expiresAt: Date?, replacing: String?) async throws
    /// The token with this hash, revoked and expired ones included (the caller says why they
    /// no longer work).
    func token(forHash hash: String) async throws -> TokenInfo?
    /// The organization's API tokens, oldest first.
    func tokens(org: String) async throws -> [TokenInfo]
    /// Stops a token from working, for good.
    func revokeToken(id: String, now: Date) async throws -> TokenRevocation

    /// Applies a batch in one transaction, exactly once per mutation id, recording each applied
    /// change in the history as made by `author`. The client id belongs to `owner` (the
    /// credential, `AccessGrant.owner`) from its first push on: another owner's push throws
    /// `StoreFailure.clientIdInUse` and changes nothing.
    func push(org: String, batch: PushBatch, author: String, owner: String, now: Date) async throws -> PushOutcome
    /// Records with a version after the cursor, oldest first.
    func changes(org: String, after cursor: SyncCursor, limit: Int) async throws -> ChangesPage
    /// The records of `entity` in the organization that are not deleted, in no particular
    /// order: the phone apps' read side and the podcast feed filter and sort them by the type's
    /// own declaration. Nothing for an organization the store does not have.
    func liveRecords(org: String, entity: String) async throws -> [RemoteRecord]
    /// The live records of `entity` whose indexed start (`RecordType.storeWindow`) is in
    /// [from, to), ms since 1970, soonest first: the apps' date-range reads (the gym's classes).
    func liveRecords(org: String, entity: String, startingFrom from: Int64, before to: Int64, limit: Int) async throws -> [RemoteRecord]
    /// The live records of `entity` that can give one of the first `limit` occurrences not over
    /// at `now` (ms since 1970): every one that started by then and has not ended (a running
    /// event, a series, however many), the first `limit` to start after it, and up to `limit`
    /// with no start (ongoing events). The apps' upcoming reads; callers order the occurrences.
    func liveRecords(org: String, entity: String, notOverAt now: Int64, limit: Int) async throws -> [RemoteRecord]
    /// Every record of the organization, tombstones included (the canonical dump's input).
    func allRecords(org: String) async throws -> [RemoteRecord]
    /// The live records of `entity` among `ids` (the events a member's stamps name), by primary key.
    func liveRecords(org: String, entity: String, ids: [String]) async throws -> [RemoteRecord]
    /// Deletes tombstones whose change is at or before `olderThan`, and moves the purge mark.
    func purgeTombstones(org: String, olderThan: Date) async throws -> PurgeOutcome

    /// Releases connections; the repository must not be used afterwards.
    func close() async throws
}

extension StoreRepository {
    /// A token that never expires.
    public func addToken(hash: String, grant: TokenGrant, createdAt: Date) async throws {
        try await addToken(hash: hash, grant: grant, createdAt: createdAt, expiresAt: nil, replacing: nil)
    }

    public func addToken(hash: String, grant: TokenGrant, createdAt: Date, expiresAt: Date?) async throws {
        try await addToken(hash: hash, grant: grant, createdAt: createdAt, expiresAt: expiresAt, replacing: nil)
    }
}
