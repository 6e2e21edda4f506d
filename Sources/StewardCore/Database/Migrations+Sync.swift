import GRDB

extension Migrations {
    /// v2: what the sync engine keeps. Registered after v1; like every migration, never edited
    /// once shipped.
    static func registerSync(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2: sync") { db in
            // One row per organization connected to a remote store. The token lives here until
            // it moves to the desktop keyring.
            try db.create(table: "remote") { t in
                t.primaryKey("orgId", .text).references("organization", onDelete: .cascade)
                t.column("url", .text).notNull()
                // The store's organization slug (the same as the console's).
                t.column("storeOrg", .text).notNull()
                t.column("token", .text).notNull()
                // "<installation id>/<slug>": what the mutation ids count for.
                t.column("clientId", .text).notNull()
                // The last mutation id given to an outbox entry; ids are never given twice.
                t.column("lastAssignedMutationId", .integer).notNull().defaults(to: 0)
                // The pull cursor ("" = from the beginning), stored with each applied page.
                t.column("cursor", .text).notNull().defaults(to: "")
                t.column("lastSyncAt", .datetime)
                // A full pull after 410 resync-required is under way (survives a crash).
                t.column("resyncing", .boolean).notNull().defaults(to: false)
            }

            // Assigned just before sending, in the same transaction that fixes the entry's
            // baseVersion; an entry with an id is in flight until the store's answer is applied.
            try db.alter(table: "outbox") { t in
                t.add(column: "mutationId", .integer)
            }
            try db.execute(sql: """
                CREATE UNIQUE INDEX outbox_mutation ON outbox(orgId, mutationId) WHERE mutationId IS NOT NULL
                """)
            try db.create(index: "outbox_org_seq", on: "outbox", columns: ["orgId", "seq"])

            // A local change the store refused because the record changed there: both sides are
            // kept until someone chooses.
            try db.create(table: "syncConflict") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                // What the person typed, in canonical JSON ("null" for a delete).
                t.column("localFields", .text).notNull()
                t.column("localDeleted", .boolean).notNull()
                // The store's record (RemoteRecord, canonical JSON); NULL until known.
                t.column("remoteRecord", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "syncConflict_record", on: "syncConflict", columns: ["entity", "recordId"])

            // A local change the store can never apply, kept to be shown.
            try db.create(table: "deadLetter") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                t.column("mutationId", .integer).notNull()
                t.column("operation", .text).notNull()
                t.column("payload", .text).notNull()
                t.column("reason", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }

            // During a resync: the records the full feed has returned so far.
            try db.create(table: "resyncSeen") { t in
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("entity", .text).notNull()
                t.column("recordId", .text).notNull()
                t.primaryKey(["orgId", "entity", "recordId"])
            }
        }
    }
}
