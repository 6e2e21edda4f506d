import GRDB

extension Migrations {
    /// The kit's full-text index for types declared `searchIndexed()` (books): one line per
    /// live record, written with the record (`SearchIndexedStorage`), and an external-content
    /// FTS5 table over its words kept by triggers, as the events' `eventSearch`. Prefix indexes
    /// make the one- to three-letter queries of the first keystrokes cheap; the order index lets
    /// a broad search stop at the first page.
    static func registerLibrarySearch(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: lending library search index") { db in
            try db.execute(sql: """
                CREATE TABLE recordSearchEntry (
                    rowid INTEGER PRIMARY KEY,
                    entity TEXT NOT NULL,
                    id TEXT NOT NULL,
                    orgId TEXT NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
                    sortKey TEXT NOT NULL,
                    words TEXT NOT NULL,
                    UNIQUE (entity, id)
                );
                CREATE INDEX recordSearchEntry_order ON recordSearchEntry(entity, orgId, sortKey);
                CREATE VIRTUAL TABLE recordSearch USING fts5(
                    words, content='recordSearchEntry', content_rowid='rowid',
                    tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
                CREATE TRIGGER recordSearchEntry_insert AFTER INSERT ON recordSearchEntry BEGIN
                    INSERT INTO recordSearch(rowid, words) VALUES (new.rowid, new.words);
                END;
                CREATE TRIGGER recordSearchEntry_delete AFTER DELETE ON recordSearchEntry BEGIN
                    INSERT INTO recordSearch(recordSearch, rowid, words) VALUES ('delete', old.rowid, old.words);
                END;
                CREATE TRIGGER recordSearchEntry_update AFTER UPDATE OF words ON recordSearchEntry BEGIN
                    INSERT INTO recordSearch(recordSearch, rowid, words) VALUES ('delete', old.rowid, old.words);
                    INSERT INTO recordSearch(rowid, words) VALUES (new.rowid, new.words);
                END;
                """)
            // Books kept before this version get their lines now.
            try RecordSearchIndex.rebuild(db)
        }
    }
}
