import Foundation
import GRDB

/// What is checked before a file is trusted as a backup: that it is whole (SQLite's integrity
/// check), that it is the expected kind of Steward database, and that no newer release made it.
public enum DatabaseFileCheck {
    /// `whole: false` leaves out the integrity check, which reads every page: for a database in
    /// use that is only being copied (a backup's source), not trusted as a replacement.
    public static func check(path: String, kind: StewardDatabaseKind, whole: Bool = true) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw DatabaseFileError.missing(path: path) }
        var config = Configuration()
        config.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw DatabaseFileError.notSteward(path: path, expected: kind.name)
        }
        defer { try? queue.close() }
        let applied: Set<String>
        do {
            applied = try queue.read { db in try kind.migrator.appliedIdentifiers(db) }
        } catch {
            // SQLITE_NOTADB, or no grdb_migrations table to read.
            throw DatabaseFileError.notSteward(path: path, expected: kind.name)
        }
        guard applied.contains(kind.firstMigration) else {
            throw DatabaseFileError.notSteward(path: path, expected: kind.name)
        }
        let problems = whole ? try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } : ["ok"]
        guard problems == ["ok"] else {
            throw DatabaseFileError.damaged(path: path, detail: problems.prefix(3).joined(separator: "; "))
        }
        if try queue.read({ db in try kind.migrator.hasBeenSuperseded(db) }) {
            throw DatabaseFileError.madeByNewerRelease(path: path)
        }
    }
}
