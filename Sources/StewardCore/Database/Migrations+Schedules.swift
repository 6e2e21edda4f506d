import GRDB

extension Migrations {
    /// The gym's schedule mirror: its sources, and the classes they list. A class's source
    /// columns are rewritten by each refresh; `localNote` and `isFeatured` are the gym's and no
    /// refresh writes them. The MindBody API key is not here: it lives in the credential store.
    static func registerSchedules(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: schedules") { db in
            try db.create(table: "scheduleSource") { t in
                t.primaryKey("id", .text)
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("kind", .text).notNull().check(sql: "kind IN ('mindbody', 'ical', 'file')")
                t.column("location", .text).notNull()
                t.column("siteId", .text)
                t.column("addedAt", .datetime).notNull()
                t.column("lastRefreshedAt", .datetime)
                t.column("lastCounts", .text)
            }
            try db.create(index: "scheduleSource_org", on: "scheduleSource", columns: ["orgId"])
            try db.create(table: "scheduledClass") { t in
                t.primaryKey("id", .text)
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("sourceId", .text).notNull().references("scheduleSource", onDelete: .cascade)
                t.column("sourceClassId", .text).notNull()
                t.column("classScheduleId", .text)
                t.column("name", .text).notNull()
                t.column("description", .text).notNull()
                t.column("program", .text).notNull()
                t.column("sessionType", .text).notNull()
                t.column("startsAt", .datetime).notNull()
                t.column("endsAt", .datetime).notNull()
                t.column("trainerId", .text)
                t.column("trainer", .text).notNull()
                t.column("isSubstitute", .boolean).notNull()
                t.column("isCancelled", .boolean).notNull()
                t.column("isActive", .boolean).notNull()
                t.column("locationId", .text)
                t.column("location", .text).notNull()
                t.column("roomId", .text)
                t.column("room", .text).notNull()
                t.column("maxCapacity", .integer)
                t.column("webCapacity", .integer)
                t.column("totalBooked", .integer)
                t.column("totalWaitlisted", .integer)
                t.column("isWaitlistAvailable", .boolean).notNull()
                t.column("isRemoved", .boolean).notNull().defaults(to: false)
                t.column("firstSeenAt", .datetime).notNull()
                t.column("changedAt", .datetime).notNull()
                t.column("localNote", .text).notNull().defaults(to: "")
                t.column("isFeatured", .boolean).notNull().defaults(to: false)
                t.uniqueKey(["sourceId", "sourceClassId"])
            }
            try db.create(index: "scheduledClass_org_start", on: "scheduledClass", columns: ["orgId", "startsAt"])
        }
    }
}
