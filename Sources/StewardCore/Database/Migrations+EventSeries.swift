import GRDB

extension Migrations {
    /// Repeating events: an event's repeat rule (RRULE value, "" for one that does not repeat)
    /// and its exceptions (cancelled, extra and changed occurrences) as canonical JSON.
    static func registerEventSeries(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19: repeating events") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN repeatRule TEXT NOT NULL DEFAULT ''")
            try db.execute(sql: "ALTER TABLE event ADD COLUMN occurrenceExceptions TEXT NOT NULL DEFAULT '{}'")
        }
    }
}
