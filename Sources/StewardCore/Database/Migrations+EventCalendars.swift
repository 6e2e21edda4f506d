import GRDB

extension Migrations {
    /// The calendar an event belongs to (`calendar`, an `EventCalendar`'s id): "" for none, as
    /// every event stored before has. The calendars themselves live in the kit's shared table.
    static func registerEventCalendars(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25: event calendars") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN calendar TEXT NOT NULL DEFAULT ''")
        }
    }
}
