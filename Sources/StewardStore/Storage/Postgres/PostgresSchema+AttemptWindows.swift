extension PostgresSchema {
    /// The abuse limits' counts: the same table and meaning as `SQLiteSchema.attemptWindowTables`.
    static let attemptWindowStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS attempt_windows (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            ends_at BIGINT NOT NULL,
            count BIGINT NOT NULL,
            PRIMARY KEY (kind, key)
        )
        """,
        "CREATE INDEX IF NOT EXISTS attempt_windows_ends ON attempt_windows (ends_at)",
    ]
}
