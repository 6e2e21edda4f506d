import GRDB

extension Migrations {
    /// Staff appointments (personal training) mirrored from MindBody beside the classes: keyed by
    /// source and MindBody's id, every column the source's. The client is kept by MindBody's id
    /// only, never by name; appointments are this console's and never reach the apps.
    static func registerAppointments(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14: schedule staff appointments") { db in
            try db.create(table: "staffAppointment") { t in
                t.primaryKey("id", .text)
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("sourceId", .text).notNull().references("scheduleSource", onDelete: .cascade)
                t.column("sourceAppointmentId", .text).notNull()
                t.column("startsAt", .datetime).notNull()
                t.column("endsAt", .datetime).notNull()
                t.column("durationMinutes", .integer)
                t.column("status", .text).notNull()
                t.column("staffId", .text)
                t.column("staff", .text).notNull()
                t.column("clientId", .text)
                t.column("sessionTypeId", .text)
                t.column("sessionType", .text).notNull()
                t.column("locationId", .text)
                t.column("notes", .text).notNull()
                t.column("isStaffRequested", .boolean).notNull()
                t.column("isFirstAppointment", .boolean).notNull()
                t.column("programId", .text)
                t.column("isRemoved", .boolean).notNull().defaults(to: false)
                t.column("firstSeenAt", .datetime).notNull()
                t.column("changedAt", .datetime).notNull()
                t.uniqueKey(["sourceId", "sourceAppointmentId"])
            }
            try db.create(index: "staffAppointment_org_start", on: "staffAppointment", columns: ["orgId", "startsAt"])
        }
    }
}
