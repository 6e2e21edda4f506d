extension PostgresSchema {
    /// The same column and meaning as `SQLiteSchema.storeIdentityChanges`; PostgreSQL fills
    /// the volatile default for each existing row when it adds the column.
    static let storeIdentityStatements: [String] = [
        addColumn(table: "orgs", column: "store_id",
                  type: "TEXT NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text)"),
    ]
}
