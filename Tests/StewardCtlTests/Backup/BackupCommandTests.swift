import Foundation
import GRDB
import StewardCore
import Testing

/// `stewardctl backup --to FILE` and `stewardctl restore FILE`, through the built tool.
@Suite("stewardctl backup and restore")
struct BackupCommandTests {
    @Test("a backup restores the events it held; what was added after is replaced, and kept aside")
    func backupAndRestore() async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addEvent(["--title", "Before the backup", "--starts", "2026-12-06T10:00", "--ends", "2026-12-06T11:00"])
        let backup = cli.folder.appendingPathComponent("backup.sqlite").path
        let made = try await cli("backup", "--to", backup)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains(backup))
        let before = try await cli.dump()
        try await cli.addEvent(["--title", "After the backup", "--starts", "2026-12-07T10:00", "--ends", "2026-12-07T11:00"])

        let restored = try await cli("restore", backup)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains(cli.databasePath + ".before-restore"))
        #expect(try await cli.dump() == before)
        #expect(FileManager.default.fileExists(atPath: cli.databasePath + ".before-restore"))
    }

    @Test("a file that is not a backup is refused on one line, and the database is left alone")
    func notABackup() async throws {
        let cli = try await CLI.withOneOrganization()
        let text = cli.folder.appendingPathComponent("notes.txt").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        let before = try await cli.dump()
        let refused = try await cli("restore", text)
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.contains("is not a Steward console database"))
        #expect(try await cli.dump() == before)
    }

    @Test("a database made by a newer release is refused, naming the file and saying to update")
    func newerDatabase() async throws {
        let cli = try await CLI.withOneOrganization()
        try await DatabaseQueue(path: cli.databasePath).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from a later release')")
        }
        let refused = try await cli("orgs", "list")
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.contains("'\(cli.databasePath)' was made by a newer release of Steward; update Steward to open it"))
    }
}
