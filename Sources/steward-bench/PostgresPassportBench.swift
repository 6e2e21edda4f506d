import Foundation
import Logging
import PostgresNIO
import StewardCore
import StewardStore

/// The PostgreSQL store (`--postgres URL`), under an organization of its own so a shared
/// database keeps its other data; the repository's connection pool runs while the benchmark
/// does (`run`).
final class PostgresPassportBench: PassportBenchStore {
    let name = "PostgreSQL"
    let store: PostgresStoreRepository
    let org: String
    var repository: any StoreRepository { store }

    init(url: String, org: String) throws {
        var logger = Logger(label: "steward-bench")
        logger.logLevel = .warning
        store = PostgresStoreRepository(configuration: try PostgresURL.configuration(url), logger: logger)
        self.org = org
    }

    /// Runs `body` with the pool running, then stops it.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.store.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Creates the organization and seeds it in batches (the store's triggers indexing and
    /// totalling the ledger); answers how long the seeding took.
    func seed(_ seed: inout PassportSeed) async throws -> Double {
        try await store.migrate()
        try await store.addOrg(OrgInfo(slug: org, name: "Bench City", timeZone: "America/New_York"))
        var rows: [(String, String, Int64, String)] = []
        try seed.write { entity, id, version, fields in rows.append((entity, id, version, fields)) }
        let at = Int64(seed.now.timeIntervalSince1970 * 1000)
        let start = Stopwatch.now()
        let batch = 5_000
        for first in stride(from: 0, to: rows.count, by: batch) {
            let part = rows[first..<min(rows.count, first + batch)]
            try await store.client.query("""
                INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by)
                SELECT \(org), r.entity, r.id, r.version, false, r.fields, NULL, NULL, \(at), 'bench'
                FROM UNNEST(\(part.map(\.0))::text[], \(part.map(\.1))::text[], \(part.map(\.2))::bigint[],
                            \(part.map(\.3))::text[]) AS r(entity, id, version, fields)
                """)
        }
        try await store.client.query("UPDATE orgs SET last_seq = \(seed.version) WHERE slug = \(org)")
        let seconds = Stopwatch.milliseconds(since: start) / 1000
        // The seed adds each member's twenty-odd entries in one go, so their totals row is
        // rewritten as often before any vacuum runs: compacted, the table is as a store that
        // gained its entries over months keeps it (autovacuum reusing the space as it goes),
        // rather than twenty times its size.
        try await store.client.query("VACUUM FULL stamp_totals")
        // Then what autovacuum does within a minute of a bulk load: statistics for the planner,
        // and the visibility map that lets index-only scans skip the table. Without them the
        // planner takes the freshly filled tables for empty ones.
        for table in ["records", "stamp_entries", "stamp_totals"] {
            try await store.client.query(PostgresQuery(unsafeSQL: "VACUUM ANALYZE \(table)"))
        }
        return seconds
    }

    func countLedger() async throws {
        let rows = try await store.client.query("SELECT COUNT(*) FROM records WHERE org = \(org) AND entity = 'stamp'")
        for try await _ in rows.decode(Int64.self) {}
    }

    func writeOneRow() async throws {
        try await store.client.query("UPDATE orgs SET name = name WHERE slug = \(org)")
    }

    func naiveBoard(limit: Int) async throws {
        let rows = try await store.client.query("""
            SELECT fields::jsonb->>'member' AS member, SUM((fields::jsonb->>'stamps')::bigint)::bigint AS total
            FROM records WHERE org = \(org) AND entity = 'stamp' GROUP BY member ORDER BY total DESC LIMIT \(Int64(limit))
            """)
        for try await _ in rows.decode((String?, Int64?).self) {}
    }

    func naiveTotal(member: String) async throws {
        let rows = try await store.client.query("""
            SELECT SUM((fields::jsonb->>'stamps')::bigint)::bigint FROM records
            WHERE org = \(org) AND entity = 'stamp' AND fields::jsonb->>'member' = \(member)
            """)
        for try await _ in rows.decode(Int64?.self) {}
    }

    /// Removes the organization's benchmark data, so repeated runs do not pile up.
    func dropData() async throws {
        for table in ["stamp_totals", "stamp_entries", "history", "records"] {
            try? await store.client.query(PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE org = '\(org)'"))
        }
    }
}
