import GRDB

extension Migrations {
    /// The console's media library: one row per file staff added, kept beside the database
    /// until the next sync uploads it (`url` set then) and told the store of a removal.
    static func registerMediaLibrary(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27: media library") { db in
            try db.create(table: "media") { t in
                // Made by the console: the store accepts the client's id, so a record may
                // name the item before it is uploaded.
                t.primaryKey("id", .text)
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("fileName", .text).notNull()
                t.column("kind", .text).notNull().check(sql: "kind IN ('image', 'audio', 'video', 'pdf')")
                t.column("contentType", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("sha256", .text).notNull()
                t.column("durationSeconds", .double)
                t.column("width", .integer)
                t.column("height", .integer)
                t.column("addedAt", .datetime).notNull()
                t.column("url", .text)
                t.column("uploadedAt", .datetime)
                t.column("removedAt", .datetime)
                // When the store was told of the removal (nil: not yet, or never uploaded).
                t.column("removalSentAt", .datetime)
                // Why the store would not take the file (its kind, its size, the organization's
                // total), in its words; such an item is not sent again.
                t.column("uploadRefusal", .text)
            }
            try db.create(index: "media_org_added", on: "media", columns: ["orgId", "addedAt"])
        }
    }
}
