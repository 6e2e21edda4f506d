extension SQLiteSchema {
    /// The delivery queue (`PushQueueRepository`): messages, and one job per message and device.
    /// A job's `lease_until` is when the process that took it may be presumed dead.
    static let pushQueueTables = """
        CREATE TABLE push_messages (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            url TEXT,
            record TEXT,
            audience TEXT,
            member_id TEXT,
            urgency TEXT NOT NULL,
            send_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'done')),
            devices INTEGER NOT NULL DEFAULT 0,
            sent_at INTEGER,
            reported_at INTEGER,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (org, id)
        );
        CREATE INDEX push_messages_due ON push_messages(state, send_at);
        CREATE TABLE push_jobs (
            org TEXT NOT NULL,
            message_id TEXT NOT NULL,
            device_id TEXT NOT NULL,
            platform TEXT NOT NULL,
            address TEXT NOT NULL,
            p256dh TEXT,
            auth TEXT,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'gone')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_at INTEGER NOT NULL,
            lease_until INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            finished_at INTEGER,
            PRIMARY KEY (org, message_id, device_id)
        );
        CREATE INDEX push_jobs_ready ON push_jobs(state, next_at);
        CREATE INDEX push_jobs_device ON push_jobs(org, device_id, state);
        """

    /// Jobs taken per organization and minute (`PushRateLimit`).
    static let pushRateWindowTables = """
        CREATE TABLE push_rate_windows (
            org TEXT NOT NULL,
            window_start INTEGER NOT NULL,
            claimed INTEGER NOT NULL,
            -- What the last claim was given of it (PostgreSQL's claims count up in one statement).
            granted INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (org, window_start)
        );
        """

    /// The campus and ministry a message concerns (`PushMessage.tags`): NULL for every one, as
    /// for the messages queued before.
    static let pushCampusTagChanges = """
        ALTER TABLE push_messages ADD COLUMN campus TEXT;
        ALTER TABLE push_messages ADD COLUMN ministry TEXT;
        """
}
