import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    public func stampEntries(org: String, member: String, event: String) async throws -> [StoredStampEntry] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, kind, stamps, reverses FROM stamp_entries WHERE org = ? AND member = ? AND event = ?
                """, arguments: [org, member, event]).map { row in
                StoredStampEntry(id: row["id"], kind: row["kind"], stamps: row["stamps"], reverses: row["reverses"])
            }
        }
    }

    // `stamp_entries_member_event` (org, member, event) finds the member's entries.
    public func memberStampRecords(org: String, member: String) async throws -> [RemoteRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, r.version, r.fields FROM stamp_entries s
                JOIN records r ON r.org = s.org AND r.entity = ? AND r.id = s.id
                WHERE s.org = ? AND s.member = ? AND r.deleted = 0
                """, arguments: [RecordType.stamp.entity, org, member.lowercased()]).map { row in
                try RecordColumns.record(entity: RecordType.stamp.entity, id: row["id"], version: row["version"],
                                         deleted: false, fieldsText: row["fields"])
            }
        }
    }

    /// The ledger records to read for each member and event of `pairs` (`StampHoldings.keys`),
    /// found through the index in the caller's transaction.
    static func stampHoldingKeys(_ db: Database, org: String, pairs: Set<StampPair>) throws -> Set<RecordKey> {
        var keys = Set<RecordKey>()
        for pair in pairs {
            let entries = try Row.fetchAll(db, sql: """
                SELECT id, kind, stamps, reverses FROM stamp_entries WHERE org = ? AND member = ? AND event = ?
                """, arguments: [org, pair.member, pair.event]).map { row in
                StoredStampEntry(id: row["id"], kind: row["kind"], stamps: row["stamps"], reverses: row["reverses"])
            }
            keys.formUnion(StampHoldings.keys(pair, entries: entries))
        }
        return keys
    }

    public func stampTotal(org: String, member: String) async throws -> StoredStampTotal? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT stamps, reached_at FROM stamp_totals WHERE org = ? AND member = ?",
                             arguments: [org, member]).map { row in
                StoredStampTotal(stamps: row["stamps"], reachedAt: (row["reached_at"] as String?).flatMap(DateTimeText.parseUTC))
            }
        }
    }

    public func leaderboard(org: String, offset: Int, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow] {
        try await pool.read { db in
            // The page is a range of `stamp_totals_shown_rank` (covering, so the places skipped
            // are index entries only); only the page's own members are then read.
            let candidates = try Row.fetchAll(db, sql: """
                SELECT t.member, t.stamps, t.reached_at, r.fields FROM (
                    SELECT member, stamps, reached_at, name FROM stamp_totals
                    WHERE org = ? AND shown = 1 AND stamps > 0
                    ORDER BY stamps DESC, reached_at, name, member LIMIT ? OFFSET ?
                ) t
                LEFT JOIN records r ON r.org = ? AND r.entity = ? AND r.id = t.member
                ORDER BY t.stamps DESC, t.reached_at, t.name, t.member
                """, arguments: [org, limit, offset, org, RecordType.member.entity]).map(Self.candidate)
            guard let first = candidates.first else { return [] }
            let ahead = try Self.shownAhead(db, org: org, stamps: first.stamps)
            return StoreLeaderboard.page(candidates, offset: offset, ahead: ahead, levels: levels)
        }
    }

    public func leaderboardPlace(org: String, member: String, levels: PassportLevels) async throws -> LeaderboardRow? {
        try await pool.read { db in
            guard let mine = try Row.fetchOne(db, sql: """
                SELECT t.member, t.stamps, t.reached_at, r.fields FROM stamp_totals t
                LEFT JOIN records r ON r.org = t.org AND r.entity = ? AND r.id = t.member
                WHERE t.org = ? AND t.member = ? AND t.shown = 1 AND t.stamps > 0
                """, arguments: [RecordType.member.entity, org, member]) else { return nil }
            let candidate = try Self.candidate(mine)
            return StoreLeaderboard.place(candidate, ahead: try Self.shownAhead(db, org: org, stamps: candidate.stamps),
                                          levels: levels)
        }
    }

    /// How many members shown have more than `stamps`: one count over a range of
    /// `stamp_totals_shown_rank`.
    static func shownAhead(_ db: Database, org: String, stamps: Int) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stamp_totals WHERE org = ? AND shown = 1 AND stamps > ?",
                         arguments: [org, stamps]) ?? 0
    }

    static func candidate(_ row: Row) throws -> StoreLeaderboard.Candidate {
        StoreLeaderboard.Candidate(member: row["member"], stamps: row["stamps"], reachedAt: row["reached_at"],
                                   fields: try JSONValue.parse((row["fields"] as String?) ?? "{}"))
    }
}
