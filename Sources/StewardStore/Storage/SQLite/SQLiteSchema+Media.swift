extension SQLiteSchema {
    /// The media library (`MediaItem`) and the files each item is served as (`MediaFile`).
    static let mediaTables = """
        CREATE TABLE media (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            kind TEXT,
            content_type TEXT,
            size INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            duration_seconds REAL,
            file_name TEXT NOT NULL,
            public_token TEXT NOT NULL UNIQUE,
            state TEXT NOT NULL,
            received INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            created_by TEXT NOT NULL,
            PRIMARY KEY (org, id)
        );
        CREATE INDEX media_org_state ON media(org, state, created_at);
        CREATE TABLE media_files (
            org TEXT NOT NULL,
            media_id TEXT NOT NULL,
            variant TEXT NOT NULL,
            content_type TEXT NOT NULL,
            size INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (org, media_id, variant),
            FOREIGN KEY (org, media_id) REFERENCES media(org, id) ON DELETE CASCADE
        );
        """
}
