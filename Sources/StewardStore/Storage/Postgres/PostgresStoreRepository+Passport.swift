import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    public func stampEntries(org: String, member: String, event: String) async throws -> [StoredStampEntry] {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT id, kind, stamps, reverses FROM stamp_entries
                WHERE org = \(org) AND member = \(member) AND event = \(event)
                """, logger: logger)
            var entries: [StoredStampEntry] = []
            for try await (id, kind, stamps, reverses) in rows.decode((String, String, Int64, String?).self) {
                entries.append(StoredStampEntry(id: id, kind: kind, stamps: Int(stamps), reverses: reverses))
            }
            return entries
        }
    }

    public func stampTotal(org: String, member: String) async throws -> StoredStampTotal? {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT stamps, reached_at FROM stamp_totals WHERE org = \(org) AND member = \(member)
                """, logger: logger)
            for try await (stamps, reachedAt) in rows.decode((Int64, String?).self) {
                return StoredStampTotal(stamps: Int(stamps), reachedAt: reachedAt.flatMap(DateTimeText.parseUTC))
            }
            return nil
        }
    }

    public func leaderboard(org: String, offset first: Int, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow] {
        // The ranks count from the top, so the walk reads the places before the page too.
        let wanted = first + limit
        return try await transaction { connection, logger in
            // As on SQLite: down `stamp_totals_rank` from the top, a batch at a time, until the
            // page (and whoever ties with its last row) is read.
            var candidates: [StoreLeaderboard.Candidate] = []
            var shown = 0
            var last: (Int, String?)?
            var offset = 0
            let batch = max(50, wanted * 2)
            reading: while true {
                let rows = try await connection.query("""
                    SELECT t.member, t.stamps, t.reached_at, r.fields FROM stamp_totals t
                    JOIN records r ON r.org = t.org AND r.entity = \(RecordType.member.entity) AND r.id = t.member AND NOT r.deleted
                    WHERE t.org = \(org) AND t.stamps > 0
                    ORDER BY t.stamps DESC, t.reached_at LIMIT \(batch) OFFSET \(offset)
                    """, logger: logger)
                var read = 0
                for try await (member, stamps, reachedAt, fields) in rows.decode((String, Int64, String?, String).self) {
                    read += 1
                    let candidate = StoreLeaderboard.Candidate(member: member, stamps: Int(stamps), reachedAt: reachedAt,
                                                               fields: try JSONValue.parse(fields))
                    if shown >= wanted, let last, last != (candidate.stamps, candidate.reachedAt) { continue }
                    candidates.append(candidate)
                    if Leaderboard.isShown(fields: candidate.fields) {
                        shown += 1
                        last = (candidate.stamps, candidate.reachedAt)
                    }
                }
                if read < batch || (shown >= wanted && candidates.count < offset + read) { break reading }
                offset += read
            }
            return StoreLeaderboard.page(candidates, offset: first, limit: limit, levels: levels)
        }
    }

    public func leaderboardPlace(org: String, member: String, levels: PassportLevels) async throws -> LeaderboardRow? {
        try await transaction { connection, logger in
            let mine = try await connection.query("""
                SELECT t.stamps, t.reached_at, r.fields FROM stamp_totals t
                JOIN records r ON r.org = t.org AND r.entity = \(RecordType.member.entity) AND r.id = t.member AND NOT r.deleted
                WHERE t.org = \(org) AND t.member = \(member)
                """, logger: logger)
            var candidate: StoreLeaderboard.Candidate?
            for try await (stamps, reachedAt, fields) in mine.decode((Int64, String?, String).self) {
                candidate = StoreLeaderboard.Candidate(member: member, stamps: Int(stamps), reachedAt: reachedAt,
                                                       fields: try JSONValue.parse(fields))
            }
            guard let candidate, candidate.stamps > 0, Leaderboard.isShown(fields: candidate.fields) else { return nil }
            // Those ahead are the members shown with more stamps, counted down the same index,
            // with `Leaderboard.isShown` in SQL so no member's fields are parsed here.
            let counted = try await connection.query("""
                SELECT COUNT(*) FROM stamp_totals t
                JOIN records r ON r.org = t.org AND r.entity = \(RecordType.member.entity) AND r.id = t.member AND NOT r.deleted
                WHERE t.org = \(org) AND t.stamps > \(Int64(candidate.stamps))
                  AND CASE r.fields::jsonb->>'leaderboard' WHEN 'opt-in' THEN true WHEN 'opt-out' THEN false
                      ELSE coalesce(r.fields::jsonb->>'minor', 'false') <> 'true' END
                """, logger: logger)
            var ahead = 0
            for try await count in counted.decode(Int64.self) { ahead = Int(count) }
            return StoreLeaderboard.place(candidate, ahead: ahead, levels: levels)
        }
    }
}
