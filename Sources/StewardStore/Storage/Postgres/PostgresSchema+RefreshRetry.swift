extension PostgresSchema {
    /// The same columns and meaning as `SQLiteSchema.refreshRetryChanges`.
    static let refreshRetryStatements: [String] = [
        addColumn(table: "session_tokens", column: "pair", type: "TEXT"),
        addColumn(table: "session_tokens", column: "replaced_by", type: "TEXT"),
    ]
}
