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
    /// The member's total; nil for a member with no entries.
    func stampTotal(org: String, member: String) async throws -> StoredStampTotal?
    /// The first `limit` places of the leaderboard (members shown, as `Leaderboard` decides),
    /// ranked.
    func leaderboard(org: String, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow]
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

/// Ranks rows read in the totals' order: the store's leaderboard page.
enum StoreLeaderboard {
    /// One row read from `stamp_totals` joined with the member's record.
    struct Candidate {
        var member: String
        var stamps: Int
        var reachedAt: String?
        var fields: JSONValue
    }

    /// `candidates` come in (stamps descending, reached at) order, with every row tied with the
    /// last one included; the page is the first `limit` shown, ranked.
    static func page(_ candidates: [Candidate], limit: Int, levels: PassportLevels) -> [LeaderboardRow] {
        let rows = candidates.filter { Leaderboard.isShown(fields: $0.fields) }.map { candidate in
            LeaderboardRow(member: candidate.member, name: candidate.fields["displayName"]?.stringValue ?? "",
                           email: candidate.fields["email"]?.stringValue ?? "", stamps: candidate.stamps,
                           level: levels.level(for: candidate.stamps),
                           reachedAt: candidate.reachedAt.flatMap(DateTimeText.parseUTC))
        }
        return Array(Leaderboard.ranked(rows).prefix(limit))
    }
}
