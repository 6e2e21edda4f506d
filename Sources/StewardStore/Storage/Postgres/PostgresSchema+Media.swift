extension PostgresSchema {
    /// The media library, as `SQLiteSchema.mediaTables`.
    static let mediaStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS media (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            kind TEXT,
            content_type TEXT,
            size BIGINT NOT NULL,
            sha256 TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            duration_seconds DOUBLE PRECISION,
            file_name TEXT NOT NULL,
            public_token TEXT NOT NULL UNIQUE,
            state TEXT NOT NULL,
            received BIGINT NOT NULL DEFAULT 0,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            created_by TEXT NOT NULL,
            PRIMARY KEY (org, id)
        )
        """,
        "CREATE INDEX IF NOT EXISTS media_org_state ON media(org, state, created_at)",
        """
        CREATE TABLE IF NOT EXISTS media_files (
            org TEXT NOT NULL,
            media_id TEXT NOT NULL,
            variant TEXT NOT NULL,
            content_type TEXT NOT NULL,
            size BIGINT NOT NULL,
            sha256 TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (org, media_id, variant),
            FOREIGN KEY (org, media_id) REFERENCES media(org, id) ON DELETE CASCADE
        )
        """,
    ]
}
