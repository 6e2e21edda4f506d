import GRDB

extension Migrations {
    /// How a remote's store is reached, chosen when connecting and honoured by every later
    /// request, background sync included:
    /// - `allowInsecure`: the person allowed plain http:// to another computer (passwords and
    ///   tokens then cross the network unencrypted); false for every remote from before, which
    ///   is what `connect` would have required of them.
    /// - `caFile`: a PEM file of CA certificates the store's certificate must chain to, in place
    ///   of the system's (NULL: the system's).
    ///
    /// The API token leaves this table too (`remote.token` is blanked), but not here: a
    /// migration runs inside SQLite's transaction with no way to reach the keyring or the
    /// credentials file (StewardCore does not link them, and the database opens before anyone
    /// has chosen a credential store), and blanking the column without the token safely kept
    /// elsewhere would lose it. `RemoteTokenMove` does it through the services that hold a
    /// credential store, the first time they open the database; until then the token in the
    /// column keeps working.
    static func registerRemoteSecurity(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: remote transport security") { db in
            try db.alter(table: "remote") { t in
                t.add(column: "allowInsecure", .boolean).notNull().defaults(to: false)
                t.add(column: "caFile", .text)
            }
        }
    }
}
