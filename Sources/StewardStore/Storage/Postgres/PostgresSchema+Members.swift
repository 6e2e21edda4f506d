extension PostgresSchema {
    /// App members' accounts: the same table and meaning as `SQLiteSchema.memberTables`.
    static let memberStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS members (
            org TEXT NOT NULL REFERENCES orgs(slug),
            id TEXT NOT NULL,
            email TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (org, id),
            UNIQUE (org, email)
        )
        """,
    ]
}
