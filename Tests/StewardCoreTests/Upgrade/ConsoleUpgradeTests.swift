import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A console database made by each earlier release opens in this build, migrates, and keeps
/// every record, outbox entry and history row as it was.
@Suite("Console databases of earlier releases")
struct ConsoleUpgradeTests {
    @Test("opens, migrates and keeps every row", arguments: UpgradeFixtures.releases(with: "console.sqlite"))
    func opensAndKeepsEveryRow(release: String) async throws {
        let expected = try UpgradeFixtures.expectedDigest(release, "console.sqlite")
        #expect(expected.tables["outbox"].map { $0.rows > 0 } == true, "the fixture has changes waiting to be sent")
        #expect(expected.tables["record"].map { $0.rows > 0 } == true)
        let folder = try ScratchFolder()
        let path = try UpgradeFixtures.copy(release, "console.sqlite", into: folder.path)
        let database = try AppDatabase.open(path: path)
        let migrated = try await database.writer.read { db in try Migrations.migrator.hasCompletedMigrations(db) }
        #expect(migrated)
        #expect(try DatabaseDigest.of(database.writer, like: expected) == expected)
    }
}
