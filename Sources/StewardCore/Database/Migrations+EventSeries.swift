import GRDB

extension Migrations {
    /// Repeating events: an event's repeat rule (RRULE value, "" for one that does not repeat)
    /// and its exceptions (cancelled, extra and changed occurrences) as canonical JSON.
    static func registerEventSeries(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19: repeating events") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN repeatRule TEXT NOT NULL DEFAULT ''")
            try db.execute(sql: "ALTER TABLE event ADD COLUMN occurrenceExceptions TEXT NOT NULL DEFAULT '{}'")
        }
    
        // The events page opens on what is to come (`EventQueries.upcomingKeys`): these let it
        // find the events running now and the series without reading the table.
        migrator.registerMigration("v20: the upcoming order's indexes") { db in
            try db.execute(sql: """
                CREATE INDEX event_org_start_end ON event(orgId, startsAt, endsAt) WHERE deleted = 0;
                CREATE INDEX event_org_series ON event(orgId, startsAt) WHERE deleted = 0 AND repeatRule != '';
                """)
        }
    }
}
