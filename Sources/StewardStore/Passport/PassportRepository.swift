import Foundation
import StewardCore

/// One ledger entry as the store's index of the ledger keeps it (`stamp_entries`).
public struct StoredStampEntry: Hashable, Sendable {
    public var id: String
    public var kind: String
    public var stamps: Int
    public var reverses: String?
}

/// A member's total as the store keeps it (`stamp_totals`), and when they reached it.
public struct StoredStampTotal: Hashable, Sendable {
    public var stamps: Int
    public var reachedAt: Date?
}

/// The passport's reads on the store, each served by an index rather than a read of the whole
/// ledger: a ledger of a million entries answers in milliseconds. Both backends keep the index
/// (`stamp_entries`) and the totals (`stamp_totals`) with triggers on the records table, so
/// every write path (pushes, check-ins, demo data) keeps them, in the same transaction.
public protocol PassportRepository: Sendable {
    /// The entries of one member at one event: check-ins, grants and revocations.
    func stampEntries(org: String, member: String, event: String) async throws -> [StoredStampEntry]
    /// Every ledger record of one member (check-ins, grants and revocations), through the index.
    func memberStampRecords(org: String, member: String) async throws -> [RemoteRecord]
    /// The member's total; nil for a member with no entries.
    func stampTotal(org: String, member: String) async throws -> StoredStampTotal?
    /// `limit` places of the leaderboard after the first `offset` (members shown, as
    /// `Leaderboard` decides), ranked from the top.
    func leaderboard(org: String, offset: Int, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow]
    /// Where one member stands: their row with its rank (one more than the members shown with
    /// more stamps); nil when they have no stamps or are not shown.
    func leaderboardPlace(org: String, member: String, levels: PassportLevels) async throws -> LeaderboardRow?
}

extension PassportRepository {
    /// The first `limit` places of the leaderboard.
    public func leaderboard(org: String, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow] {
        try await leaderboard(org: org, offset: 0, limit: limit, levels: levels)
    }
}

/// What a member's entries at an event say for a new stamp there.
public struct StampStanding: Sendable {
    /// The entry that gives the member their stamp and is not revoked, if any.
    public var held: String?
    /// How many stamps for the event the member had before (revoked ones): the round of the
    /// next entry's id (`CheckInRules.entryId`).
    public var round: Int

    public init(_ entries: [StoredStampEntry]) {
        let reversed = Set(entries.compactMap { $0.kind == StampKind.revoke.rawValue ? $0.reverses : nil })
        let giving = entries.filter { $0.kind != StampKind.revoke.rawValue }
        held = giving.first { !reversed.contains($0.id) }?.id
        round = giving.count
    }
}

/// Ranks the rows of a leaderboard page as the store reads them: only members shown (the
/// totals' `shown` flag, `Leaderboard.isShown` kept by the store's triggers), already in
/// `Leaderboard.ahead` order.
enum StoreLeaderboard {
    /// One row read from `stamp_totals` with the member's record.
    struct Candidate {
        var member: String
        var stamps: Int
        var reachedAt: String?
        var fields: JSONValue
    }

    /// The page after the first `offset` places: `ahead` is how many members shown have more
    /// stamps than its first row, which is that row's rank less one (it may tie with the
    /// place before the page); after it, a row tied with the one before shares its rank and
    /// any other row's rank is its place.
    static func page(_ candidates: [Candidate], offset: Int, ahead: Int, levels: PassportLevels) -> [LeaderboardRow] {
        var rows: [LeaderboardRow] = []
        rows.reserveCapacity(candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var place = row(candidate, levels: levels)
            if index == 0 {
                place.rank = ahead + 1
            } else {
                place.rank = rows[index - 1].stamps == place.stamps ? rows[index - 1].rank : offset + index + 1
            }
            rows.append(place)
        }
        return rows
    }

    /// A member's own place: `ahead` is how many members shown have more stamps.
    static func place(_ candidate: Candidate, ahead: Int, levels: PassportLevels) -> LeaderboardRow? {
        guard candidate.stamps > 0 else { return nil }
        var place = row(candidate, levels: levels)
        place.rank = ahead + 1
        return place
    }

    static func row(_ candidate: Candidate, levels: PassportLevels) -> LeaderboardRow {
        LeaderboardRow(member: candidate.member, name: candidate.fields["displayName"]?.stringValue ?? "",
                       email: candidate.fields["email"]?.stringValue ?? "", stamps: candidate.stamps,
                       level: levels.level(for: candidate.stamps),
                       reachedAt: candidate.reachedAt.flatMap(DateTimeText.parseUTC))
    }
}
