import Foundation
import Logging
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

    // `stamp_entries_member_event` (org, member, event) finds the member's entries.
    public func memberStampRecords(org: String, member: String) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            try await Self.live(RecordType.stamp.entity, connection.query("""
                SELECT r.id, r.version, r.fields FROM stamp_entries s
                JOIN records r ON r.org = s.org AND r.entity = \(RecordType.stamp.entity) AND r.id = s.id
                WHERE s.org = \(org) AND s.member = \(member.lowercased()) AND NOT r.deleted
                """, logger: logger))
        }
    }

    /// The ledger records to read for each member and event of `pairs` (`StampHoldings.keys`),
    /// found through the index in one statement of the caller's transaction.
    static func stampHoldingKeys(_ connection: PostgresConnection, org: String, pairs: Set<StampPair>,
                                 logger: Logger) async throws -> Set<RecordKey> {
        guard !pairs.isEmpty else { return [] }
        let ordered = Array(Set(pairs.map(\.indexed)))
        let rows = try await connection.query("""
            SELECT s.member, s.event, s.id, s.kind, s.stamps, s.reverses
            FROM UNNEST(\(ordered.map(\.member))::text[], \(ordered.map(\.event))::text[]) AS p(member, event)
            JOIN stamp_entries s ON s.org = \(org) AND s.member = p.member AND s.event = p.event
            """, logger: logger)
        var entries: [StampPair: [StoredStampEntry]] = [:]
        for try await (member, event, id, kind, stamps, reverses) in rows.decode((String, String, String, String, Int64, String?).self) {
            entries[StampPair(member: member, event: event), default: []]
                .append(StoredStampEntry(id: id, kind: kind, stamps: Int(stamps), reverses: reverses))
        }
        var keys = Set<RecordKey>()
        for pair in pairs { keys.formUnion(StampHoldings.keys(pair, entries: entries[pair.indexed, default: []])) }
        return keys
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

    public func leaderboard(org: String, offset: Int, limit: Int, levels: PassportLevels) async throws -> [LeaderboardRow] {
        try await transaction { connection, logger in
            // As on SQLite: a range of `stamp_totals_shown_rank`, then the page's own members.
            let rows = try await connection.query("""
                SELECT t.member, t.stamps, t.reached_at, r.fields FROM (
                    SELECT member, stamps, reached_at, name FROM stamp_totals
                    WHERE org = \(org) AND shown AND stamps > 0
                    ORDER BY stamps DESC, reached_at, name COLLATE "C", member COLLATE "C"
                    LIMIT \(Int64(limit)) OFFSET \(Int64(offset))
                ) t
                LEFT JOIN records r ON r.org = \(org) AND r.entity = \(RecordType.member.entity) AND r.id = t.member
                ORDER BY t.stamps DESC, t.reached_at, t.name COLLATE "C", t.member COLLATE "C"
                """, logger: logger)
            var candidates: [StoreLeaderboard.Candidate] = []
            for try await (member, stamps, reachedAt, fields) in rows.decode((String, Int64, String?, String?).self) {
                candidates.append(StoreLeaderboard.Candidate(member: member, stamps: Int(stamps), reachedAt: reachedAt,
                                                             fields: try JSONValue.parse(fields ?? "{}")))
            }
            guard let first = candidates.first else { return [] }
            let ahead = try await Self.shownAhead(connection, logger: logger, org: org, stamps: first.stamps)
            return StoreLeaderboard.page(candidates, offset: offset, ahead: ahead, levels: levels)
        }
    }

    public func leaderboardPlace(org: String, member: String, levels: PassportLevels) async throws -> LeaderboardRow? {
        try await transaction { connection, logger in
            let mine = try await connection.query("""
                SELECT t.stamps, t.reached_at, r.fields FROM stamp_totals t
                LEFT JOIN records r ON r.org = t.org AND r.entity = \(RecordType.member.entity) AND r.id = t.member
                WHERE t.org = \(org) AND t.member = \(member) AND t.shown AND t.stamps > 0
                """, logger: logger)
            var candidate: StoreLeaderboard.Candidate?
            for try await (stamps, reachedAt, fields) in mine.decode((Int64, String?, String?).self) {
                candidate = StoreLeaderboard.Candidate(member: member, stamps: Int(stamps), reachedAt: reachedAt,
                                                       fields: try JSONValue.parse(fields ?? "{}"))
            }
            guard let candidate else { return nil }
            let ahead = try await Self.shownAhead(connection, logger: logger, org: org, stamps: candidate.stamps)
            return StoreLeaderboard.place(candidate, ahead: ahead, levels: levels)
        }
    }

    /// How many members shown have more than `stamps`: one count over a range of
    /// `stamp_totals_shown_rank`.
    static func shownAhead(_ connection: PostgresConnection, logger: Logger, org: String, stamps: Int) async throws -> Int {
        let counted = try await connection.query("""
            SELECT COUNT(*) FROM stamp_totals WHERE org = \(org) AND shown AND stamps > \(Int64(stamps))
            """, logger: logger)
        var ahead = 0
        for try await count in counted.decode(Int64.self) { ahead = Int(count) }
        return ahead
    }
}
