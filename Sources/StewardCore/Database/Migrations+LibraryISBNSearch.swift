import GRDB

extension Migrations {
    /// Book numbers leave the full-text words for columns of their own on the search index's
    /// lines: every ISBN starts "978", so a typed "9780" matched a hundred thousand distinct
    /// words, which FTS5 merges before giving the first row (a prefix longer than its prefix
    /// indexes). The ISBN-13 and ISBN-10 in indexed columns make any typed number an index range
    /// read (`RecordSearchIndex.page`). The lines are written again, without the numbers in
    /// their words.
    static func registerLibraryISBNSearch(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15: library search by ISBN prefix") { db in
            try db.execute(sql: """
                ALTER TABLE recordSearchEntry ADD COLUMN isbn13 TEXT;
                ALTER TABLE recordSearchEntry ADD COLUMN isbn10 TEXT;
                CREATE INDEX recordSearchEntry_isbn13 ON recordSearchEntry(entity, orgId, isbn13);
                CREATE INDEX recordSearchEntry_isbn10 ON recordSearchEntry(entity, orgId, isbn10);
                """)
            try RecordSearchIndex.rebuild(db)
        }
    }
}
