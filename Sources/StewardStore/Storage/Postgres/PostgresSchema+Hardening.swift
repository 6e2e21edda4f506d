extension PostgresSchema {
    /// The same columns and meaning as `SQLiteSchema.hardeningChanges`. Each column is looked
    /// for first, as for `records.changed_by`: ALTER TABLE locks the table even when there is
    /// nothing to do, and a store starting while another serves would wait on its pushes.
    static let hardeningStatements: [String] = [
        addColumn(table: "sign_in_failures", column: "source", type: "TEXT NOT NULL DEFAULT ''"),
        // Looked for first too: CREATE INDEX IF NOT EXISTS waits for a lock on the table even
        // when the index is there, behind every sign-in in progress.
        """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_indexes
                           WHERE schemaname = current_schema() AND indexname = 'sign_in_failures_source') THEN
                CREATE INDEX sign_in_failures_source ON sign_in_failures (source, at);
            END IF;
        END $$
        """,
        addColumn(table: "clients", column: "owner", type: "TEXT"),
        addColumn(table: "tokens", column: "expires_at", type: "BIGINT"),
        addColumn(table: "tokens", column: "revoked_at", type: "BIGINT"),
    ]

    /// Adds a column unless it is there (looked for first: see above).
    static func addColumn(table: String, column: String, type: String) -> String {
        """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                           WHERE table_schema = current_schema() AND table_name = '\(table)'
                             AND column_name = '\(column)') THEN
                ALTER TABLE \(table) ADD COLUMN \(column) \(type);
            END IF;
        END $$
        """
    }
}
