extension SQLiteSchema {
    /// Staff accounts, their sessions and failed sign-ins (the "staff-accounts" migration).
    /// Sessions name their member by organization and email rather than by a key into `staff`:
    /// removing a member keeps their ended sessions, and a member added again later does not
    /// inherit them.
    static let staffTables = """
        CREATE TABLE staff (
            org TEXT NOT NULL REFERENCES orgs(slug),
            email TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'approver', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (org, email)
        );
        CREATE TABLE staff_sessions (
            id TEXT PRIMARY KEY NOT NULL,
            org TEXT NOT NULL REFERENCES orgs(slug),
            email TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            revoked_at INTEGER
        );
        CREATE INDEX staff_sessions_member ON staff_sessions(org, email);
        -- Every token a session was given, as a SHA-256 hash. Used refresh tokens stay until they
        -- expire: one coming back means a copy was stolen, and ends the session.
        CREATE TABLE session_tokens (
            hash TEXT PRIMARY KEY NOT NULL,
            session_id TEXT NOT NULL REFERENCES staff_sessions(id),
            kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
            expires_at INTEGER NOT NULL,
            used_at INTEGER
        );
        CREATE INDEX session_tokens_session ON session_tokens(session_id);
        -- No reference to staff: failures for emails nobody has count the same way.
        CREATE TABLE sign_in_failures (
            org TEXT NOT NULL,
            email TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX sign_in_failures_email ON sign_in_failures(org, email, at);
        CREATE INDEX sign_in_failures_at ON sign_in_failures(at);
        """
}
