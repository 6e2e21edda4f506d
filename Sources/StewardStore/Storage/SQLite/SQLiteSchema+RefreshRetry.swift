extension SQLiteSchema {
    /// The "refresh-retry" migration: what lets a console repeat a refresh whose answer it lost.
    /// - `session_tokens.pair`: on both tokens of a pair, the hash of its refresh token (NULL on
    ///   tokens from before), so a pair can be found and withdrawn whole.
    /// - `session_tokens.replaced_by`: on a refresh token that was exchanged, the hash of the
    ///   refresh token of the pair it was exchanged for (NULL when it was withdrawn rather than
    ///   exchanged, or from before: a repeat of it is then always a theft).
    /// Access tokens' `used_at` is now set on their first use, so the store knows whether the
    /// answer carrying them arrived.
    static let refreshRetryChanges = """
        ALTER TABLE session_tokens ADD COLUMN pair TEXT;
        ALTER TABLE session_tokens ADD COLUMN replaced_by TEXT;
        """
}
