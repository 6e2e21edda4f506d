extension SQLiteSchema {
    /// The abuse limits' counts (the "attempt-windows" migration): one row per kind of limit
    /// and key, the current window's start and end (ms since 1970) and how many attempts it
    /// counted. Every limit shares this table; `ends_at` lets the cleanup forget ended windows
    /// whatever their length.
    static let attemptWindowTables = """
        CREATE TABLE attempt_windows (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            ends_at INTEGER NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (kind, key)
        );
        CREATE INDEX attempt_windows_ends ON attempt_windows(ends_at);
        """
}
