import GRDB

extension Migrations {
    /// v4: each record's history of changes, made here or pulled from the store.
    static func registerHistory(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4: record history") { db in
            try db.create(table: "recordHistory") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                // A staff member's email, `token:<role>` for a change pushed with an API token, or
                // "this console (<login name>)" for an edit made here without signing in.
                t.column("author", .text).notNull()
                // 'console' for an edit made here, 'store' for a change pulled from the store.
                t.column("origin", .text).notNull().check(sql: "origin IN ('console', 'store')")
                t.column("at", .datetime).notNull()
                t.column("operation", .text).notNull().check(sql: "operation IN ('upsert', 'delete')")
                // The fields the change set, as a JSON array of {field, old, new} sorted by field.
                t.column("changes", .text).notNull()
                // The store's version the change made; NULL while a local edit has not reached it.
                t.column("version", .integer)
                // A local edit not yet confirmed: the outbox entry written with it, so the push
                // result that settles that entry (or a later one of the record) gives it its version.
                t.column("outboxSeq", .integer)
            }
            try db.create(index: "recordHistory_record", on: "recordHistory", columns: ["entity", "recordId", "id"])
        }
    }
}
