extension SQLiteSchema {
    /// The "hardening" migration: what makes the store safe to face the internet.
    /// - `sign_in_failures.source`: the address a failed sign-in came from, so spraying one
    ///   password over many emails is throttled too.
    /// - `clients.owner`: the credential a client id was first pushed with (`staff:<email>` or
    ///   `token:<id>`); NULL for clients from before, bound on their next push.
    /// - `tokens.expires_at`, `tokens.revoked_at`: API tokens that stop working.
    static let hardeningChanges = """
        ALTER TABLE sign_in_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
        CREATE INDEX sign_in_failures_source ON sign_in_failures(source, at);
        ALTER TABLE clients ADD COLUMN owner TEXT;
        ALTER TABLE tokens ADD COLUMN expires_at INTEGER;
        ALTER TABLE tokens ADD COLUMN revoked_at INTEGER;
        """
}
