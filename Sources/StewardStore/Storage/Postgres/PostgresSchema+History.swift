extension PostgresSchema {
    /// Record history: the same table and meaning as `SQLiteSchema.historyTables`.
    static let historyStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS history (
            org TEXT NOT NULL REFERENCES orgs(slug),
            entity TEXT NOT NULL,
            record_id TEXT NOT NULL,
            version BIGINT NOT NULL,
            author TEXT NOT NULL,
            at BIGINT NOT NULL,
            operation TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changes TEXT NOT NULL,
            PRIMARY KEY (org, version)
        )
        """,
        "CREATE INDEX IF NOT EXISTS history_record ON history (org, entity, record_id, version)",
        // NULL for versions stored before history was kept. Checked first: even with IF NOT
        // EXISTS, ALTER TABLE takes an exclusive lock on records, and a store starting while
        // another one pushes would deadlock with it.
        """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                           WHERE table_schema = current_schema() AND table_name = 'records'
                             AND column_name = 'changed_by') THEN
                ALTER TABLE records ADD COLUMN changed_by TEXT;
            END IF;
        END $$
        """,
    ]
}
