import Foundation
import GRDB
import StewardCore
import Testing
@testable import StewardStore

/// `steward-store backup` copies a serving store's SQLite file whole; `restore` puts a copy back
/// after checking it.
@Suite("Store backup and restore (SQLite)")
struct StoreBackupTests {
    @Test("a backup made while the store serves restores every row")
    func backupWhileServingRestores() async throws {
        try await TestStore.with(.sqlite) { store in
            let repository = try #require(store.repository as? SQLiteStoreRepository)
            let client = Fixtures.clientId("backup")
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: (1...30).map { n in
                OneOpenLoanTests.upsert(Int64(n), "book", Fixtures.newRecordId(), ["title": .string("Book \(n)")])
            }))
            let folder = NSTemporaryDirectory() + "steward-store-backup-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let before = try DatabaseDigest.of(repository.pool)
            try StoreBackup.backup(sqlite: repository.pool.path, to: folder + "/backup.sqlite")
            // The store goes on serving after the copy.
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                OneOpenLoanTests.upsert(31, "book", Fixtures.newRecordId(), ["title": .string("After")]),
            ]))

            let target = folder + "/restored.sqlite"
            try await DatabaseQueue(path: target).write { db in try db.execute(sql: "CREATE TABLE old (x)") }
            let restored = try StoreBackup.restore(from: folder + "/backup.sqlite", into: target)
            #expect(restored.replacedKeptAt == target + ".before-restore")
            let reopened = try SQLiteStoreRepository(path: target)
            try await reopened.migrate()
            #expect(try DatabaseDigest.of(reopened.pool) == before)
            try await reopened.close()
        }
    }

    @Test("a console database or any other file is refused as a store backup")
    func refusesOtherFiles() async throws {
        let folder = NSTemporaryDirectory() + "steward-store-refuse-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let console = folder + "/console.sqlite"
        _ = try AppDatabase.open(path: console)
        let error = Self.restoreError(console, into: folder + "/store.sqlite")
        #expect(error == .notSteward(path: console, expected: StoreBackup.kind.name))
        #expect(!FileManager.default.fileExists(atPath: folder + "/store.sqlite"))
    }

    static func restoreError(_ backup: String, into target: String) -> DatabaseFileError? {
        do {
            try StoreBackup.restore(from: backup, into: target)
            return nil
        } catch {
            return error as? DatabaseFileError
        }
    }
}
