import GRDB

extension Migrations {
    /// One name per field: an event's description was stored as `summary`, while the form, the
    /// sync JSON and the command line call it `description`. The column is renamed and the
    /// search index rebuilt under the new name (an FTS5 table cannot rename its columns), so a
    /// person reading the schema finds the field under the name everything else uses.
    static func registerEventFieldNames(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7: one name per event field") { db in
            try db.execute(sql: """
                DROP TRIGGER event_search_insert;
                DROP TRIGGER event_search_delete;
                DROP TRIGGER event_search_update;
                DROP TABLE eventSearch;
                ALTER TABLE event RENAME COLUMN summary TO description;
                CREATE VIRTUAL TABLE eventSearch USING fts5(
                    title, locationName, description, host, audience,
                    content='event', content_rowid='rowid',
                    tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
                CREATE TRIGGER event_search_insert AFTER INSERT ON event BEGIN
                    INSERT INTO eventSearch(rowid, title, locationName, description, host, audience)
                    VALUES (new.rowid, new.title, new.locationName, new.description, new.host, new.audience);
                END;
                CREATE TRIGGER event_search_delete AFTER DELETE ON event BEGIN
                    INSERT INTO eventSearch(eventSearch, rowid, title, locationName, description, host, audience)
                    VALUES ('delete', old.rowid, old.title, old.locationName, old.description, old.host, old.audience);
                END;
                CREATE TRIGGER event_search_update AFTER UPDATE OF title, locationName, description, host, audience ON event BEGIN
                    INSERT INTO eventSearch(eventSearch, rowid, title, locationName, description, host, audience)
                    VALUES ('delete', old.rowid, old.title, old.locationName, old.description, old.host, old.audience);
                    INSERT INTO eventSearch(rowid, title, locationName, description, host, audience)
                    VALUES (new.rowid, new.title, new.locationName, new.description, new.host, new.audience);
                END;
                INSERT INTO eventSearch(eventSearch) VALUES ('rebuild');
                """)
        }
    }
}
