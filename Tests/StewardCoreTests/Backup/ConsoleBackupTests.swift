import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Back Up makes a whole copy while the console is in use; Restore checks what it is given and
/// keeps what it replaces.
@Suite("Console backup and restore")
struct ConsoleBackupTests {
    @Test("a backup made while the database is open restores every record, outbox entry and history row")
    func backupRestoresEverything() async throws {
        let folder = try ScratchFolder()
        let store = FakeStore()
        let console = try await FileConsole(path: folder.file("console.sqlite"), store: store)
        for n in 1...20 { _ = try await console.events.create(.timed("Event \(n)"), in: console.org) }
        let before = try DatabaseDigest.of(console.database.writer)
        let last = LastFraction()
        try ConsoleBackup.backup(console.database, to: folder.file("backup.sqlite")) { last.set($0) }
        #expect(last.value == 1)
        for n in 21...25 { _ = try await console.events.create(.timed("After \(n)"), in: console.org) }

        try console.close()
        let restored = try ConsoleBackup.restore(from: folder.file("backup.sqlite"), into: console.path)
        #expect(restored.replacedKeptAt == console.path + ".before-restore")
        #expect(FileManager.default.fileExists(atPath: console.path + ".before-restore"))
        try console.reopen()
        let after = try DatabaseDigest.of(console.database.writer)
        // The restore gives the console a new client id and a full read: the rest is the same.
        #expect(after.tables.filter { $0.key != "remote" } == before.tables.filter { $0.key != "remote" })
        #expect(try await console.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") } == 20)
    }

    @Test("a file that is not a Steward console database is refused, and the database is untouched")
    func refusesOtherFiles() async throws {
        let folder = try ScratchFolder()
        let text = folder.file("notes.txt")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let other = folder.file("other.sqlite")
        try await DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let target = folder.file("console.sqlite")
        _ = try AppDatabase.open(path: target)
        let size = try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int

        #expect(restoreError(text, into: target) == .notSteward(path: text, expected: StewardDatabaseKind.console.name))
        #expect(restoreError(other, into: target) == .notSteward(path: other, expected: StewardDatabaseKind.console.name))
        #expect(restoreError(folder.file("missing.sqlite"), into: target) == .missing(path: folder.file("missing.sqlite")))
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int == size)
        #expect(!FileManager.default.fileExists(atPath: target + ".before-restore"))
    }

    @Test("a backup made by a newer release is refused, naming the file and saying to update")
    func refusesNewerBackup() async throws {
        let folder = try ScratchFolder()
        let backup = folder.file("newer.sqlite")
        try await AppDatabase(DatabaseQueue(path: backup, configuration: AppDatabase.configuration()), path: backup)
            .writer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from a later release')") }
        let error = restoreError(backup, into: folder.file("console.sqlite"))
        #expect(error == .madeByNewerRelease(path: backup))
        #expect(error?.description.contains(backup) == true)
    }

    private func restoreError(_ backup: String, into target: String) -> DatabaseFileError? {
        do {
            try ConsoleBackup.restore(from: backup, into: target)
            return nil
        } catch {
            return error as? DatabaseFileError
        }
    }
}

/// The last progress reported (progress may come from another thread).
final class LastFraction: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = -1.0
    func set(_ value: Double) { lock.withLock { stored = value } }
    var value: Double { lock.withLock { stored } }
}
