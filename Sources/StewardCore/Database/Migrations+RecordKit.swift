import GRDB

extension Migrations {
    /// v6: the record kit. Types without a table of their own share `record`, their fields as
    /// canonical JSON (a church's few hundred bulletins and sermons list and search in
    /// microseconds without columns of their own). `unreadableRecord` keeps what a pull brought
    /// that this console could not read, so nothing is skipped while the cursor moves on.
    static func registerRecordKit(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6: record kit") { db in
            try db.create(table: "record") { t in
                t.column("entity", .text).notNull()
                t.column("id", .text).notNull()
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("version", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("deleted", .boolean).notNull().defaults(to: false)
                t.column("fields", .text).notNull()
                t.primaryKey(["entity", "id"])
            }
            try db.create(index: "record_org_entity", on: "record", columns: ["orgId", "entity"])

            // A pulled record this console could not store: of a known type but failing its
            // rules (a store running other rules), shown on the Sync page until a later version
            // of it arrives and reads.
            try db.create(table: "unreadableRecord") { t in
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                t.column("version", .integer).notNull()
                // The record as received (RemoteRecord's canonical line).
                t.column("record", .text).notNull()
                t.column("reason", .text).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.primaryKey(["entity", "recordId"])
            }
        }
    }
}
