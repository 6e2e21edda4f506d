extension PostgresSchema {
    /// Calendar subscriptions, as `SQLiteSchema.calendarFeedTables`.
    static let calendarFeedStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS calendar_feeds (
            hash TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            audience TEXT,
            created_at BIGINT NOT NULL,
            revoked_at BIGINT
        )
        """,
        "CREATE INDEX IF NOT EXISTS calendar_feeds_org ON calendar_feeds(org, created_at)",
    ]
}
