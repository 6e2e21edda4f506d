import Foundation
import GRDB

/// Backing up and restoring the console's database (the app's Back Up… and Restore…, and
/// `stewardctl backup` / `restore`).
///
/// Media files would be part of the backup; the console keeps none yet (every record lives in
/// the database), so the backup is the one database file.
public enum ConsoleBackup {
    /// Writes a consistent copy of `database` to `destination` while it stays in use.
    public static func backup(_ database: AppDatabase, to destination: String, progress: (@Sendable (Double) -> Void)? = nil) throws {
        try SQLiteFileCopy.copy(from: database.writer, to: destination, progress: progress)
    }

    /// Replaces the database at `databasePath` with the backup at `backupPath` (checked,
    /// upgraded to this release, the replaced database kept: `SQLiteFileRestore`), made ready
    /// to sync again without losing or repeating a change (`RestoredConsoleSync`). The
    /// database must not be open: the app closes it first, stewardctl opens it only after.
    @discardableResult
    public static func restore(from backupPath: String, into databasePath: String,
                               progress: (@Sendable (Double) -> Void)? = nil) throws -> SQLiteFileRestore.Restored {
        try PrivateDatabaseFiles.prepare(databaseAt: databasePath)
        let restored = try SQLiteFileRestore.restore(
            from: backupPath, into: databasePath, kind: .console, configuration: AppDatabase.configuration(),
            prepare: { db in
                try RestoredConsoleSync.prepare(db)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM remote") ?? 0
            }, progress: progress)
        try PrivateDatabaseFiles.narrow(databaseAt: databasePath)
        return restored
    }
}
