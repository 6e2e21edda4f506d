import GRDB

extension Migrations {
    /// Publishing to a CalDAV calendar (`CalendarPublisher`): for each organization, calendar
    /// collection and event, the resource last sent there, the ETag the server gave it and a hash
    /// of the text sent, so the next run sends only what changed and notices what someone else
    /// changed on the server. And the window's choice of calendar for each organization
    /// (`CalendarPublishingService`: address and user name; the password is kept with the
    /// credentials).
    static func registerCalDAV(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21: CalDAV publishing") { db in
            try db.create(table: "calDAVResource") { t in
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("collectionURL", .text).notNull()
                t.column("eventId", .text).notNull()
                t.column("href", .text).notNull()
                // NULL when the server gave none, even when asked again: the next change is then
                // sent without If-Match.
                t.column("etag", .text)
                t.column("bodyHash", .text).notNull()
                t.primaryKey(["orgId", "collectionURL", "eventId"])
            }
            try db.create(table: "calendarPublishing") { t in
                t.primaryKey("orgId", .text).references("organization", onDelete: .cascade)
                t.column("url", .text).notNull()
                t.column("userName", .text).notNull()
                // Publish after each sync that reached its end, as well as when asked.
                t.column("publishAfterSync", .boolean).notNull().defaults(to: false)
            }
        }
    }
}
