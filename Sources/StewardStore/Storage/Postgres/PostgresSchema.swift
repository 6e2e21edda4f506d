import Logging
import PostgresNIO

/// The PostgreSQL schema. Created idempotently at start: several steward-store processes may
/// start at once against one database, so creation runs in one transaction holding an advisory
/// lock (released at commit), and every statement is IF NOT EXISTS.
enum PostgresSchema {
    /// Any constant shared by every steward-store process; "stwd" in ASCII.
    static let advisoryLockKey: Int64 = 0x7374_7764

    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS orgs (
            slug TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            time_zone TEXT NOT NULL,
            last_seq BIGINT NOT NULL DEFAULT 0,
            purged_through_seq BIGINT NOT NULL DEFAULT 0
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS tokens (
            hash TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            role TEXT NOT NULL CHECK (role IN ('admin', 'staff', 'reader')),
            created_at BIGINT NOT NULL
        )
        """,
        // fields is TEXT, not jsonb: jsonb reorders keys and rewrites numbers, and the canonical
        // dump must give back the exact bytes both sides agreed on.
        """
        CREATE TABLE IF NOT EXISTS records (
            org TEXT NOT NULL REFERENCES orgs(slug),
            entity TEXT NOT NULL,
            id TEXT NOT NULL,
            version BIGINT NOT NULL,
            deleted BOOLEAN NOT NULL,
            fields TEXT NOT NULL,
            sort_start BIGINT,
            sort_end BIGINT,
            changed_at BIGINT NOT NULL,
            PRIMARY KEY (org, entity, id)
        )
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS records_feed ON records (org, version)",
        "CREATE INDEX IF NOT EXISTS records_upcoming ON records (org, entity, deleted, sort_end)",
        """
        CREATE TABLE IF NOT EXISTS clients (
            org TEXT NOT NULL REFERENCES orgs(slug),
            client_id TEXT NOT NULL,
            last_mutation_id BIGINT NOT NULL,
            PRIMARY KEY (org, client_id)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS mutation_results (
            org TEXT NOT NULL,
            client_id TEXT NOT NULL,
            mutation_id BIGINT NOT NULL,
            status TEXT NOT NULL,
            version BIGINT,
            reason TEXT,
            PRIMARY KEY (org, client_id, mutation_id)
        )
        """,
    ]

    static func create(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger)
        for statement in statements + staffStatements + historyStatements + hardeningStatements
                + refreshRetryStatements + memberStatements + passportStatements + leaderboardShownStatements + [RecordsStartingIndex.statement] {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
    }
}
