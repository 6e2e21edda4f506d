import GRDB

extension Migrations {
    /// The lending library's indexes on the shared `record` table. Loans pile up (a busy
    /// library keeps a million past ones) while the open ones stay few: partial indexes over
    /// the open loans alone let "who has this book" and the overdue report read only those.
    /// `LoanQueries` repeats these exact expressions so SQLite picks the indexes.
    static func registerLibrary(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10: lending library indexes") { db in
            try db.execute(sql: """
                CREATE INDEX record_open_loan_book ON record(orgId, json_extract(fields, '$.book'))
                    WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') <> 'returned';
                CREATE INDEX record_open_loan_due ON record(orgId, json_extract(fields, '$.dueOn'))
                    WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') = 'out';
                """)
        }
    }
}
