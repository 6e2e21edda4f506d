extension PostgresSchema {
    /// Staff accounts, their sessions and failed sign-ins: the same tables and meaning as
    /// `SQLiteSchema.staffTables`.
    static let staffStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS staff (
            org TEXT NOT NULL REFERENCES orgs(slug),
            email TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'approver', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (org, email)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS staff_sessions (
            id TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            email TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            revoked_at BIGINT
        )
        """,
        "CREATE INDEX IF NOT EXISTS staff_sessions_member ON staff_sessions (org, email)",
        """
        CREATE TABLE IF NOT EXISTS session_tokens (
            hash TEXT PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES staff_sessions(id),
            kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
            expires_at BIGINT NOT NULL,
            used_at BIGINT
        )
        """,
        "CREATE INDEX IF NOT EXISTS session_tokens_session ON session_tokens (session_id)",
        """
        CREATE TABLE IF NOT EXISTS sign_in_failures (
            org TEXT NOT NULL,
            email TEXT NOT NULL,
            at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS sign_in_failures_email ON sign_in_failures (org, email, at)",
        "CREATE INDEX IF NOT EXISTS sign_in_failures_at ON sign_in_failures (at)",
    ]
}
