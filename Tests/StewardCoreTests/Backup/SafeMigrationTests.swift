import Foundation
import GRDB
import Testing
@testable import StewardCore

/// An upgrade is all or nothing, and a database from a newer release is not opened.
@Suite("Upgrading a console database")
struct SafeMigrationTests {
    @Test("a migration that fails leaves the database as it was and says so")
    func failedUpgradeLeavesTheFileAsItWas() async throws {
        let folder = try ScratchFolder()
        let path = folder.file("console.sqlite")
        let store = FakeStore()
        let console = try await FileConsole(path: path, store: store)
        for n in 1...5 { _ = try await console.events.create(.timed("Event \(n)"), in: console.org) }
        let before = try DatabaseDigest.of(console.database.writer)
        try console.close()

        // The next release's migrations: one that works, then one that fails halfway.
        var migrator = Migrations.migrator
        migrator.registerMigration("v100: a good one") { db in
            try db.execute(sql: "CREATE TABLE laterTable (x)")
            try db.execute(sql: "UPDATE event SET title = 'changed by the upgrade'")
        }
        migrator.registerMigration("v101: a failing one") { db in
            try db.execute(sql: "DELETE FROM outbox")
            try db.execute(sql: "SELECT no_such_function()")
        }
        let error = upgradeError(path: path, migrator: migrator)
        #expect(error.map { if case .upgradeFailed(path, _) = $0 { true } else { false } } == true)

        try console.reopen()
        let after = try DatabaseDigest.of(console.database.writer)
        #expect(after == before)
        #expect(try await console.read { db in try db.tableExists("laterTable") } == false)
        #expect(!FileManager.default.fileExists(atPath: path + ".before-upgrade"))
    }

    @Test("a database a newer release made is refused on opening, naming the file")
    func newerDatabaseRefused() async throws {
        let folder = try ScratchFolder()
        let path = folder.file("console.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            try await database.writer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from a later release')") }
            try database.close()
        }
        let error = openError(path)
        #expect(error == .madeByNewerRelease(path: path))
        #expect(error?.description.contains(path) == true)
    }

    private func upgradeError(path: String, migrator: DatabaseMigrator) -> DatabaseFileError? {
        do {
            let pool = try DatabasePool(path: path, configuration: AppDatabase.configuration())
            defer { try? pool.close() }
            _ = try AppDatabase(pool, path: path, migrator: migrator)
            return nil
        } catch {
            return error as? DatabaseFileError
        }
    }

    private func openError(_ path: String) -> DatabaseFileError? {
        do {
            _ = try AppDatabase.open(path: path)
            return nil
        } catch {
            return error as? DatabaseFileError
        }
    }
}
