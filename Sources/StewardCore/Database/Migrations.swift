import Foundation
import GRDB

/// Schema changes, registered in order. A migration, once shipped, is never edited: add one.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: console, organizations, outbox") { db in
            try db.create(table: "consoleSetting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.execute(sql: "INSERT INTO consoleSetting (key, value) VALUES ('installationId', ?)",
                           arguments: [UUIDColumn.encode(UUID())])

            try db.create(table: "organization") { t in
                t.primaryKey("id", .text)
                t.column("slug", .text).notNull().unique()
                t.column("name", .text).notNull()
                t.column("timeZone", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("modules", .text).notNull()
            }

            try db.create(table: "outbox") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                t.column("operation", .text).notNull().check(sql: "operation IN ('upsert', 'delete')")
                t.column("payload", .text).notNull()
                t.column("baseVersion", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "outbox_record", on: "outbox", columns: ["entity", "recordId"])
        }

        migrator.registerMigration("v1: events") { db in
            try db.create(table: "event") { t in
                t.primaryKey("id", .text)
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("version", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("deleted", .boolean).notNull().defaults(to: false)
                t.column("title", .text).notNull()
                t.column("summary", .text).notNull()
                t.column("locationName", .text).notNull()
                t.column("address", .text).notNull()
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("timingKind", .text).notNull()
                    .check(sql: "timingKind IN ('timed', 'all-day', 'untimed')")
                // startsAt/endsAt: instants for timed events, the org's midnights for all-day ones
                // (so one index sorts both); NULL for untimed.
                t.column("startsAt", .datetime)
                t.column("endsAt", .datetime)
                t.column("startDate", .text)
                t.column("endDate", .text)
                t.column("timeZone", .text)
                t.column("imageURL", .text)
                t.column("links", .text).notNull()
                t.column("host", .text).notNull()
                t.column("contactName", .text).notNull()
                t.column("contactEmail", .text)
                t.column("contactPhone", .text)
                t.column("audience", .text).notNull()
                t.column("stampValue", .integer).notNull()
                t.column("rideSharing", .boolean).notNull()
            }
            // Partial indexes: lists never show tombstones.
            try db.execute(sql: """
                CREATE INDEX event_org_start ON event(orgId, startsAt) WHERE deleted = 0;
                CREATE INDEX event_org_title ON event(orgId, title COLLATE NOCASE) WHERE deleted = 0;
                CREATE INDEX event_org_location ON event(orgId, locationName COLLATE NOCASE) WHERE deleted = 0;
                CREATE INDEX event_org_updated ON event(orgId, updatedAt) WHERE deleted = 0;
                """)

            // Search as you type: an external-content FTS5 index kept by triggers. Prefix indexes
            // make the one- to three-letter queries of the first keystrokes cheap.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE eventSearch USING fts5(
                    title, locationName, summary, host, audience,
                    content='event', content_rowid='rowid',
                    tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
                CREATE TRIGGER event_search_insert AFTER INSERT ON event BEGIN
                    INSERT INTO eventSearch(rowid, title, locationName, summary, host, audience)
                    VALUES (new.rowid, new.title, new.locationName, new.summary, new.host, new.audience);
                END;
                CREATE TRIGGER event_search_delete AFTER DELETE ON event BEGIN
                    INSERT INTO eventSearch(eventSearch, rowid, title, locationName, summary, host, audience)
                    VALUES ('delete', old.rowid, old.title, old.locationName, old.summary, old.host, old.audience);
                END;
                CREATE TRIGGER event_search_update AFTER UPDATE OF title, locationName, summary, host, audience ON event BEGIN
                    INSERT INTO eventSearch(eventSearch, rowid, title, locationName, summary, host, audience)
                    VALUES ('delete', old.rowid, old.title, old.locationName, old.summary, old.host, old.audience);
                    INSERT INTO eventSearch(rowid, title, locationName, summary, host, audience)
                    VALUES (new.rowid, new.title, new.locationName, new.summary, new.host, new.audience);
                END;
                """)
        }
        registerSync(&migrator)
        registerSessions(&migrator)
        registerHistory(&migrator)
        registerCreationHistory(&migrator)
        registerRecordKit(&migrator)
        registerEventFieldNames(&migrator)
        registerRemoteSecurity(&migrator)
        registerApprovalQueue(&migrator)
        registerLibrary(&migrator)
        registerSchedules(&migrator)
        registerLibrarySearch(&migrator)
        registerMinistryPages(&migrator)
        registerAppointments(&migrator)
        registerLibraryISBNSearch(&migrator)
        registerScheduleFailures(&migrator)
        registerStoreIdentity(&migrator)
        registerDecimalNumbers(&migrator)
        registerEventSeries(&migrator)
        registerCalDAV(&migrator)
        registerMail(&migrator)
        registerAnnouncementsPage(&migrator)
        registerEventReminders(&migrator)
        registerEventCalendars(&migrator)
        registerCampusTags(&migrator)
        registerMediaLibrary(&migrator)
        registerMediaPull(&migrator)
        return migrator
    }
}
