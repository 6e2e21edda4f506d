import Foundation
import GRDB

/// Puts a backup in the place of an SQLite database (the console's or the store's), safely: the
/// backup is checked (whole, the expected kind, not from a newer release), copied beside the
/// database page by page (SQLite's backup API, so the copy is as whole as what was checked),
/// upgraded to this release and prepared; only then does it take the database's name,
/// in one rename. The database it replaces is kept beside it as `<name>.before-restore`.
public enum SQLiteFileRestore {
    /// What a restore did, for the message after it.
    public struct Restored: Sendable, Hashable {
        /// Where the database that was replaced is kept (nil: there was none).
        public var replacedKeptAt: String?
        /// What `prepare` counted (the console: organizations that will read their store again).
        public var prepared: Int
    }

    public static func restore(from backupPath: String, into databasePath: String, kind: StewardDatabaseKind,
                               configuration: Configuration = Configuration(),
                               prepare: (Database) throws -> Int = { _ in 0 },
                               progress: (@Sendable (Double) -> Void)? = nil) throws -> Restored {
        try DatabaseFileCheck.check(path: backupPath, kind: kind)
        let incoming = SQLiteFileCopy.partialPath(for: databasePath)
        defer { removeDatabaseFiles(at: incoming) }
        // The backup is only read: opened for writing, SQLite would turn it to WAL mode and leave
        // its -wal and -shm files beside it (and a backup on read-only media could not be read).
        var readOnly = Configuration()
        readOnly.readonly = true
        let source = try DatabaseQueue(path: backupPath, configuration: readOnly)
        defer { try? source.close() }
        try SQLiteFileCopy.copy(from: source, to: incoming) { fraction in progress?(fraction * 0.8) }
        let queue = try DatabaseQueue(path: incoming, configuration: configuration)
        try SafeMigration.migrate(queue, with: kind.migrator, path: backupPath)
        let prepared = try queue.write(prepare)
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        progress?(0.9)
        let kept = try keepReplaced(databasePath)
        try SQLiteFileCopy.replace(databasePath, with: incoming)
        progress?(1)
        return Restored(replacedKeptAt: kept, prepared: prepared)
    }

    /// Folds the current database's write-ahead log into it (a log left beside the restored
    /// file would be read as the restored file's), then keeps a copy of it as
    /// `<name>.before-restore`: nothing that was there is gone until someone deletes it. A
    /// database still open elsewhere cannot leave WAL mode, so this fails rather than replace it
    /// under a running program.
    private static func keepReplaced(_ databasePath: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: databasePath) else { return nil }
        let kept = databasePath + ".before-restore"
        let current = try DatabaseQueue(path: databasePath)
        try current.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
        try current.close()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
        try? FileManager.default.removeItem(atPath: kept)
        try FileManager.default.copyItem(atPath: databasePath, toPath: kept)
        return kept
    }

    private static func removeDatabaseFiles(at path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
