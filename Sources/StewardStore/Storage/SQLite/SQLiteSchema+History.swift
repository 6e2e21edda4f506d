extension SQLiteSchema {
    /// Record history (the "record-history" migration): one row per applied change, written in
    /// the push's transaction, and the author of each record's current version.
    static let historyTables = """
        CREATE TABLE history (
            org TEXT NOT NULL REFERENCES orgs(slug),
            entity TEXT NOT NULL,
            record_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            author TEXT NOT NULL,
            at INTEGER NOT NULL,
            operation TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changes TEXT NOT NULL,
            PRIMARY KEY (org, version)
        );
        CREATE INDEX history_record ON history(org, entity, record_id, version);
        -- NULL for versions stored before history was kept.
        ALTER TABLE records ADD COLUMN changed_by TEXT;
        """
}
