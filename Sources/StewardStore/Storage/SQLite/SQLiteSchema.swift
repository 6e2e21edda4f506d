import GRDB

/// The SQLite schema, as GRDB migrations so a store file created by an older version upgrades
/// itself on start. Same tables and meaning as the PostgreSQL schema.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE orgs (
                    slug TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    time_zone TEXT NOT NULL,
                    last_seq INTEGER NOT NULL DEFAULT 0,
                    purged_through_seq INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE tokens (
                    hash TEXT PRIMARY KEY NOT NULL,
                    org TEXT NOT NULL REFERENCES orgs(slug),
                    role TEXT NOT NULL CHECK (role IN ('admin', 'staff', 'reader')),
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE records (
                    org TEXT NOT NULL REFERENCES orgs(slug),
                    entity TEXT NOT NULL,
                    id TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    deleted INTEGER NOT NULL,
                    fields TEXT NOT NULL,
                    sort_start INTEGER,
                    sort_end INTEGER,
                    changed_at INTEGER NOT NULL,
                    PRIMARY KEY (org, entity, id)
                );
                -- The change feed reads by version; unique because each change takes its own number.
                CREATE UNIQUE INDEX records_feed ON records(org, version);
                CREATE INDEX records_upcoming ON records(org, entity, deleted, sort_end);
                CREATE TABLE clients (
                    org TEXT NOT NULL REFERENCES orgs(slug),
                    client_id TEXT NOT NULL,
                    last_mutation_id INTEGER NOT NULL,
                    PRIMARY KEY (org, client_id)
                );
                CREATE TABLE mutation_results (
                    org TEXT NOT NULL,
                    client_id TEXT NOT NULL,
                    mutation_id INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    version INTEGER,
                    reason TEXT,
                    PRIMARY KEY (org, client_id, mutation_id)
                );
                """)
        }
        migrator.registerMigration("staff-accounts") { db in
            try db.execute(sql: staffTables)
        }
        migrator.registerMigration("record-history") { db in
            try db.execute(sql: historyTables)
        }
        migrator.registerMigration("hardening") { db in
            try db.execute(sql: hardeningChanges)
        }
        migrator.registerMigration("refresh-retry") { db in
            try db.execute(sql: refreshRetryChanges)
        }
        migrator.registerMigration("members") { db in
            try db.execute(sql: memberTables)
        }
        migrator.registerMigration("passport-ledger") { db in
            try db.execute(sql: passportTables)
        }
        migrator.registerMigration("class-schedule-reads") { db in
            try db.execute(sql: RecordsStartingIndex.statement)
        }
        migrator.registerMigration("passport-leaderboard-shown") { db in
            try db.execute(sql: leaderboardShownChanges)
        }
        migrator.registerMigration("store-identity") { db in
            try db.execute(sql: storeIdentityChanges)
        }
        migrator.registerMigration("attempt-windows") { db in
            try db.execute(sql: attemptWindowTables)
        }
        migrator.registerMigration("calendar-feeds") { db in
            try db.execute(sql: calendarFeedTables)
        }
        migrator.registerMigration("push-devices") { db in
            try db.execute(sql: pushDeviceTables)
        }
        migrator.registerMigration("push-queue") { db in
            try db.execute(sql: pushQueueTables)
        }
        migrator.registerMigration("push-rate-windows") { db in
            try db.execute(sql: pushRateWindowTables)
        }
        migrator.registerMigration("media") { db in
            try db.execute(sql: mediaTables)
        }
        migrator.registerMigration("push-campus-tags") { db in
            try db.execute(sql: pushCampusTagChanges)
        }
        return migrator
    }
}
