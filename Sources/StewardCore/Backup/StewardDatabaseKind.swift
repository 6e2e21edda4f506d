import GRDB
import Translation

/// One kind of SQLite database Steward makes (the console's, the store's): its migrations, and
/// the first of them, which every file of the kind has applied. That first migration is how a
/// backup is told from any other SQLite file.
public struct StewardDatabaseKind: Sendable {
    /// What the file is, for messages ("a Steward console database").
    public var name: String
    public var migrator: DatabaseMigrator
    public var firstMigration: String

    public init(name: String, migrator: DatabaseMigrator, firstMigration: String) {
        self.name = name
        self.migrator = migrator
        self.firstMigration = firstMigration
    }

    /// The console's database, shared by the app and stewardctl.
    public static var console: StewardDatabaseKind {
        StewardDatabaseKind(name: tr("a Steward console database"), migrator: Migrations.migrator,
                            firstMigration: "v1: console, organizations, outbox")
    }
}
