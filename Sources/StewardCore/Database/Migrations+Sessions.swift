import GRDB

extension Migrations {
    /// v3: staff sign-in. A remote is reached either with an API token (`token`) or as a signed-in
    /// staff member, whose tokens live in the keyring or the credentials file, never here.
    static func registerSessions(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3: staff sessions") { db in
            try db.alter(table: "remote") { t in
                // The staff member signed in to the store for this organization (lower-case, as the
                // store knows them); NULL for a remote reached with an API token. Kept after
                // signing out, so the sign-in page can offer the same email again.
                t.add(column: "staffEmail", .text)
                // Their role on the store (admin, editor, approver, viewer).
                t.add(column: "staffRole", .text)
                // Whether their tokens are kept; cleared by signing out or by a refused refresh.
                t.add(column: "signedIn", .boolean).notNull().defaults(to: false)
            }
        }
    }
}
