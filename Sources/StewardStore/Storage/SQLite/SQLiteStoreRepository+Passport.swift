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

    public func stampTotal(org: String, member: String) async throws -> StoredStampTotal? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT stamps, reached_at FROM stamp_totals WHERE org = ? AND member = ?",
                             arguments: [org, member]).map { row in
                StoredStampTotal(stamps: row["stamps"], reachedAt: (row["reached_at"] as String?).flatMap(DateTimeText.parseUTC))
            }
        }
    }

    public func leaderboard(org: String, offset: Int, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow] {
        // The ranks count from the top, so the walk reads the places before the page too.
        let wanted = offset + limit
        return try await pool.read { db in
            // Walks `stamp_totals_rank` from the top; members not shown are skipped as they
            // come, so the read stops after the page (and whoever ties with its last row).
            var candidates: [StoreLeaderboard.Candidate] = []
            var shown = 0
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT t.member, t.stamps, t.reached_at, r.fields FROM stamp_totals t
                JOIN records r ON r.org = t.org AND r.entity = ? AND r.id = t.member AND r.deleted = 0
                WHERE t.org = ? AND t.stamps > 0
                ORDER BY t.stamps DESC, t.reached_at
                """, arguments: [RecordType.member.entity, org])
            var last: (Int, String?)?
            while let row = try cursor.next() {
                let candidate = StoreLeaderboard.Candidate(member: row["member"], stamps: row["stamps"],
                                                           reachedAt: row["reached_at"],
                                                           fields: try JSONValue.parse(row["fields"] as String))
                if shown >= wanted, let last, last != (candidate.stamps, candidate.reachedAt) { break }
                candidates.append(candidate)
                if Leaderboard.isShown(fields: candidate.fields) {
                    shown += 1
                    last = (candidate.stamps, candidate.reachedAt)
                }
            }
            return StoreLeaderboard.page(candidates, offset: offset, limit: limit, levels: levels)
        }
    }

    public func leaderboardPlace(org: String, member: String, levels: PassportLevels) async throws -> LeaderboardRow? {
        try await pool.read { db in
            guard let mine = try Row.fetchOne(db, sql: """
                SELECT t.member, t.stamps, t.reached_at, r.fields FROM stamp_totals t
                JOIN records r ON r.org = t.org AND r.entity = ? AND r.id = t.member AND r.deleted = 0
                WHERE t.org = ? AND t.member = ?
                """, arguments: [RecordType.member.entity, org, member]) else { return nil }
            let candidate = StoreLeaderboard.Candidate(member: mine["member"], stamps: mine["stamps"],
                                                       reachedAt: mine["reached_at"],
                                                       fields: try JSONValue.parse(mine["fields"] as String))
            guard candidate.stamps > 0, Leaderboard.isShown(fields: candidate.fields) else { return nil }
            // Those ahead are the members shown with more stamps, counted down the same index,
            // with `Leaderboard.isShown` in SQL so no member's fields are parsed here. CROSS JOIN
            // keeps SQLite reading the totals first (only those ahead), not every member record.
            let ahead = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM stamp_totals t
                CROSS JOIN records r ON r.org = t.org AND r.entity = ? AND r.id = t.member AND r.deleted = 0
                WHERE t.org = ? AND t.stamps > ? AND \(StoreLeaderboard.shownSQLite)
                """, arguments: [RecordType.member.entity, org, candidate.stamps]) ?? 0
            return StoreLeaderboard.place(candidate, ahead: ahead, levels: levels)
        }
    }
}
