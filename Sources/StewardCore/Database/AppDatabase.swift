import Foundation
import GRDB

/// The console's SQLite database: one file, shared by the GUI and the CLI.
///
/// WAL lets the GUI read while a write is in progress; `synchronous=FULL` makes a committed edit
/// and its outbox entry survive a power cut, which the sync guarantees rest on.
public final class AppDatabase: Sendable {
    public let writer: any DatabaseWriter

    /// Upgrades the database to this release (all or nothing, `SafeMigration`); a database a
    /// newer release made is refused with `DatabaseFileError.madeByNewerRelease`, naming `path`.
    public init(_ writer: any DatabaseWriter, path: String = ":memory:") throws {
        self.writer = writer
        try SafeMigration.migrate(writer, with: Migrations.migrator, path: path)
    }

    /// With other migrations: the upgrade tests' failing one.
    init(_ writer: any DatabaseWriter, path: String, migrator: DatabaseMigrator) throws {
        self.writer = writer
        try SafeMigration.migrate(writer, with: migrator, path: path)
    }

    /// Opens (creating if needed) the database at `path`, creating its folder too: a folder
    /// the console creates is 0700, and the database files are 0600 (`PrivateDatabaseFiles`).
    public static func open(path: String) throws -> AppDatabase {
        try PrivateDatabaseFiles.prepare(databaseAt: path)
        let pool = try DatabasePool(path: path, configuration: configuration())
        // GRDB turns WAL on and then picks synchronous=NORMAL; only the writer's setting
        // matters for durability, and we want FULL there.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let database = try AppDatabase(pool, path: path)
        try PrivateDatabaseFiles.narrow(databaseAt: path)
        return database
    }

    /// Lets go of the file (before a restore replaces it); any later use throws.
    public func close() throws {
        if let pool = writer as? DatabasePool { try pool.close() }
        if let queue = writer as? DatabaseQueue { try queue.close() }
    }

    /// A private in-memory database, for tests and previews.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration()))
    }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            // Pages read through a memory map rather than a read() call each: a sync or a
            // bulk edit touches thousands of pages, and the copies cost more than the work.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            if !db.configuration.readonly {
                // Room for a bulk write's dirty pages: with SQLite's 2 MB default, a 5,000-event
                // import spilled index and search pages to the log mid-transaction and wrote
                // many of them several times over.
                try db.execute(sql: "PRAGMA cache_size = -65536")
            }
        }
        return config
    }

    /// Where the GUI and the CLI keep their database unless told otherwise:
    /// `$STEWARD_DB`, else `$XDG_DATA_HOME/steward/steward.sqlite`, else `~/.local/share/...`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["STEWARD_DB"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/steward/steward.sqlite"
    }

    /// This console's installation id, made once when the database was created.
    public func installationId() throws -> UUID {
        try writer.read { db in try Self.installationId(db) }
    }

    static func installationId(_ db: Database) throws -> UUID {
        try UUIDColumn.decode(String.fetchOne(db, sql: "SELECT value FROM consoleSetting WHERE key = 'installationId'"))
    }
}
