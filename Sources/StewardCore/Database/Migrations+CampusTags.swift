import GRDB

extension Migrations {
    /// The campus and ministry an event concerns (`CampusTags`, their records' ids): "" for
    /// everyone, as every event stored before concerns. Campuses and ministries themselves live
    /// in the kit's shared table.
    static func registerCampusTags(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26: event campus and ministry") { db in
            try db.execute(sql: "ALTER TABLE event ADD COLUMN campus TEXT NOT NULL DEFAULT ''")
            try db.execute(sql: "ALTER TABLE event ADD COLUMN ministry TEXT NOT NULL DEFAULT ''")
        }
    }
}
