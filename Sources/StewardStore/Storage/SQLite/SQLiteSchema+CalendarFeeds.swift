extension SQLiteSchema {
    /// Calendar subscriptions (`CalendarFeed`): the key's hash, never the key.
    static let calendarFeedTables = """
        CREATE TABLE calendar_feeds (
            hash TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            audience TEXT,
            created_at INTEGER NOT NULL,
            revoked_at INTEGER
        );
        CREATE INDEX calendar_feeds_org ON calendar_feeds(org, created_at);
        """
}
