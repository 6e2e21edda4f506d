import GRDB

extension Migrations {
    /// `remote.storeId`: the identity of the store the organization's record versions came from
    /// (`PullResponse.storeId`), learned on the first pull that carries it. Without it a
    /// console could not tell a store that never had its records (a new one, another one) from
    /// one where they were deleted, and took the first for the second.
    static func registerStoreIdentity(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17: the remote store's identity") { db in
            try db.execute(sql: "ALTER TABLE remote ADD COLUMN storeId TEXT")
        }
    }
}
