import Foundation
import GRDB
import StewardCore

/// Backing up and restoring a store kept in SQLite (`steward-store backup` / `restore`). A
/// store in PostgreSQL is backed up with pg_dump and restored with pg_restore (docs/backup.md).
public enum StoreBackup {
    /// The store's SQLite database, as a backup is checked against.
    public static var kind: StewardDatabaseKind {
        StewardDatabaseKind(name: "a Steward store database (SQLite)", migrator: SQLiteSchema.migrator, firstMigration: "v1")
    }

    /// A consistent copy of the store file at `path`, made while the store serves.
    public static func backup(sqlite path: String, to destination: String, progress: (@Sendable (Double) -> Void)? = nil) throws {
        try DatabaseFileCheck.check(path: path, kind: kind, whole: false)
        try SQLiteFileCopy.copy(fromFile: path, to: destination, progress: progress)
    }

    /// Replaces the store file at `path` with the backup; the store must be stopped.
    @discardableResult
    public static func restore(from backup: String, into path: String, progress: (@Sendable (Double) -> Void)? = nil) throws -> SQLiteFileRestore.Restored {
        var config = Configuration()
        config.foreignKeysEnabled = true
        return try SQLiteFileRestore.restore(from: backup, into: path, kind: kind, configuration: config, progress: progress)
    }
}
