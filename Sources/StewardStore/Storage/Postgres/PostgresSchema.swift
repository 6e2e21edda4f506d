import Crypto
import Foundation
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

    /// Every statement, in the order they run.
    static var allStatements: [String] {
        statements + staffStatements + historyStatements + hardeningStatements
            + refreshRetryStatements + memberStatements + passportStatements + leaderboardShownStatements
            + [RecordsStartingIndex.statement] + storeIdentityStatements + attemptWindowStatements + calendarFeedStatements
            + pushDeviceStatements + pushQueueStatements + pushRateWindowStatements
            + mediaStatements + pushCampusTagStatements
    }

    /// Names the schema these statements make. A store whose database already records this
    /// digest runs none of them: DDL such as CREATE TRIGGER or ALTER TABLE takes table locks
    /// even when there is nothing to do, so stores starting beside busy ones would queue
    /// behind every open write (and each other) for no change at all.
    static let digest: String = {
        let hash = SHA256.hash(data: Data(allStatements.joined(separator: "\u{0}").utf8))
        return hash.map { String(format: "%02x", $0) }.joined()
    }()

    static func create(on connection: PostgresConnection, logger: Logger) async throws {
        if try await recordedDigest(on: connection, logger: logger) == digest { return }
        try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger)
        // Another store may have finished while this one waited for the lock.
        if try await recordedDigest(on: connection, logger: logger) == digest { return }
        for statement in allStatements {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS schema_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                digest TEXT NOT NULL
            )
            """, logger: logger)
        try await connection.query("""
            INSERT INTO schema_state (id, digest) VALUES (1, \(digest))
            ON CONFLICT (id) DO UPDATE SET digest = EXCLUDED.digest
            """, logger: logger)
        logger.info("database schema brought up to date", metadata: ["digest": "\(digest.prefix(12))"])
    }

    /// The digest of the schema last made in this database, nil in a new one.
    private static func recordedDigest(on connection: PostgresConnection, logger: Logger) async throws -> String? {
        let found = try await connection.query("SELECT to_regclass('schema_state') IS NOT NULL", logger: logger)
        var exists = false
        for try await value in found.decode(Bool.self) { exists = value }
        guard exists else { return nil }
        let rows = try await connection.query("SELECT digest FROM schema_state WHERE id = 1", logger: logger)
        var digest: String?
        for try await value in rows.decode(String.self) { digest = value }
        return digest
    }
}
