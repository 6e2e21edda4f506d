import GRDB

extension Migrations {
    /// An event's reminder (`remindBefore`): minutes before each start, 0 for none, as every
    /// event stored before had.
    static func registerEventReminders(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24: event reminders") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN remindBefore INTEGER NOT NULL DEFAULT 0")
        }
    }
}
