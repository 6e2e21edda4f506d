extension PostgresSchema {
    /// The delivery queue, as `SQLiteSchema.pushQueueTables`.
    static let pushQueueStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS push_messages (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            url TEXT,
            record TEXT,
            audience TEXT,
            member_id TEXT,
            urgency TEXT NOT NULL,
            send_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'done')),
            devices INTEGER NOT NULL DEFAULT 0,
            sent_at BIGINT,
            reported_at BIGINT,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (org, id)
        )
        """,
        "CREATE INDEX IF NOT EXISTS push_messages_due ON push_messages(state, send_at)",
        """
        CREATE TABLE IF NOT EXISTS push_jobs (
            org TEXT NOT NULL,
            message_id TEXT NOT NULL,
            device_id TEXT NOT NULL,
            platform TEXT NOT NULL,
            address TEXT NOT NULL,
            p256dh TEXT,
            auth TEXT,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'gone')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_at BIGINT NOT NULL,
            lease_until BIGINT NOT NULL DEFAULT 0,
            last_error TEXT,
            finished_at BIGINT,
            PRIMARY KEY (org, message_id, device_id)
        )
        """,
        "CREATE INDEX IF NOT EXISTS push_jobs_ready ON push_jobs(state, next_at)",
        "CREATE INDEX IF NOT EXISTS push_jobs_device ON push_jobs(org, device_id, state)",
    ]

    /// Jobs taken per organization and minute, as `SQLiteSchema.pushRateWindowTables`.
    static let pushRateWindowStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS push_rate_windows (
            org TEXT NOT NULL,
            window_start BIGINT NOT NULL,
            claimed INTEGER NOT NULL,
            -- What the last claim was given of it (PostgreSQL's claims count up in one statement).
            granted INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (org, window_start)
        )
        """,
    ]

    /// The same columns and meaning as `SQLiteSchema.pushCampusTagChanges`.
    static let pushCampusTagStatements: [String] = [
        addColumn(table: "push_messages", column: "campus", type: "TEXT"),
        addColumn(table: "push_messages", column: "ministry", type: "TEXT"),
    ]
}
