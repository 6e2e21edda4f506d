import GRDB

extension Migrations {
    /// Files another console added, learnt from the store's media list at each sync: known by
    /// their address on the store, with no copy here (`hasLocalFile` false), so never uploaded
    /// back. Every row before this one was added here, with its file.
    static func registerMediaPull(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v28: media learnt from the store") { db in
            try db.alter(table: "media") { t in
                t.add(column: "hasLocalFile", .boolean).notNull().defaults(to: true)
            }
        }
    }
}
