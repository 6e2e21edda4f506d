import Foundation
import GRDB
import StewardCore
import Testing
@testable import StewardStore

/// A store's SQLite file made by each earlier release opens in this build, migrates, and keeps
/// every record, client counter and history row as it was.
@Suite("Store databases of earlier releases")
struct StoreUpgradeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("upgrade").path

    static var releases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: root + "/" + $0 + "/store.sqlite") }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    @Test("SQLite: opens, migrates and keeps every row", arguments: releases)
    func sqliteKeepsEveryRow(release: String) async throws {
        let kept = Self.root + "/" + release + "/store.sqlite"
        let manifest = kept + ".digest.json"
        if ProcessInfo.processInfo.environment["STEWARD_UPGRADE_RECORD"] == "1" {
            var config = Configuration()
            config.readonly = true
            let queue = try DatabaseQueue(path: kept, configuration: config)
            try DatabaseDigest.of(queue).json().write(to: URL(fileURLWithPath: manifest))
            try queue.close()
        }
        let expected = try DatabaseDigest.read(Data(contentsOf: URL(fileURLWithPath: manifest)))
        #expect(expected.tables["records"].map { $0.rows > 0 } == true)
        let folder = NSTemporaryDirectory() + "steward-store-upgrade-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        try FileManager.default.copyItem(atPath: kept, toPath: path)
        let repository = try SQLiteStoreRepository(path: path)
        try await repository.migrate()
        #expect(try await repository.pool.read { db in try SQLiteSchema.migrator.hasCompletedMigrations(db) })
        #expect(try DatabaseDigest.of(repository.pool, like: expected) == expected)
    }

    @Test("SQLite: a store file a newer release made is refused, naming the file")
    func newerStoreRefused() async throws {
        let folder = NSTemporaryDirectory() + "steward-store-newer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        do {
            let repository = try SQLiteStoreRepository(path: path)
            try await repository.migrate()
            try await repository.pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('from-a-later-release')") }
        }
        let repository = try SQLiteStoreRepository(path: path)
        let refusal = await Self.migrationError(repository)
        #expect(refusal == .madeByNewerRelease(path: path))
    }

    static func migrationError(_ repository: SQLiteStoreRepository) async -> DatabaseFileError? {
        do {
            try await repository.migrate()
            return nil
        } catch {
            return error as? DatabaseFileError
        }
    }
}
