import Foundation
import GRDB

/// Upgrades a database to this build's schema, all or nothing. GRDB runs each migration in a
/// transaction of its own, so a failure halfway through a release's migrations would leave a
/// file that is neither the old release's nor this one's: a copy of the file is made first, and
/// put back if any migration fails. A file a newer release made is refused before anything is
/// written to it.
public enum SafeMigration {
    public static func migrate(_ writer: any DatabaseWriter, with migrator: DatabaseMigrator, path: String) throws {
        // On the writer's own connection: opening a pool's reader here left the pool unable to
        // close cleanly, and a store stopped without folding its write-ahead log back into the
        // file (a copy of the file alone then missed what the log held).
        let (superseded, completed, fresh) = try writer.writeWithoutTransaction { db in
            (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db),
             try migrator.appliedIdentifiers(db).isEmpty)
        }
        if superseded { throw DatabaseFileError.madeByNewerRelease(path: path) }
        if completed { return }
        // A new, empty file has nothing to keep.
        if fresh {
            try migrator.migrate(writer)
            return
        }
        let before = DatabaseQueue.inMemoryIfPossible(beside: path)
        let snapshot = try before.open()
        defer { before.remove() }
        try writer.backup(to: snapshot)
        do {
            try migrator.migrate(writer)
        } catch {
            try snapshot.backup(to: writer)
            throw DatabaseFileError.upgradeFailed(path: path, reason: String(describing: error))
        }
    }
}

/// Where the copy made before an upgrade is kept: beside the file (a store's file can be larger
/// than memory), or in memory for a database that has no file.
private struct SnapshotPlace {
    var path: String?

    func open() throws -> DatabaseQueue {
        guard let path else { return try DatabaseQueue() }
        try? FileManager.default.removeItem(atPath: path)
        return try DatabaseQueue(path: path)
    }

    func remove() {
        guard let path else { return }
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

private extension DatabaseQueue {
    static func inMemoryIfPossible(beside path: String) -> SnapshotPlace {
        if path.isEmpty || path == ":memory:" { return SnapshotPlace(path: nil) }
        return SnapshotPlace(path: path + ".before-upgrade")
    }
}
