import GRDB

extension Migrations {
    /// Each schedule source keeps its last failed refresh, when and why, until one succeeds:
    /// the window and `schedule sources list` show it, and the automatic refresh waits its
    /// interval from the failure instead of asking a failing source every minute.
    static func registerScheduleFailures(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16: schedule source failures") { db in
            try db.alter(table: "scheduleSource") { t in
                t.add(column: "lastFailedAt", .datetime)
                t.add(column: "lastFailure", .text)
            }
        }
    }
}
