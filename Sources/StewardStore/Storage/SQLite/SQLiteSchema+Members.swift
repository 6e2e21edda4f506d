extension SQLiteSchema {
    /// App members' accounts (the "members" migration): what signing in needs. Their name,
    /// role and disabled flag are in their `member` record, which staff see and change; their
    /// sessions are in the staff session tables, filed under `member:<id>`.
    static let memberTables = """
        CREATE TABLE members (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            email TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (org, id)
        );
        CREATE UNIQUE INDEX members_email ON members(org, email);
        """
}
