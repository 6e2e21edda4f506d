import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A folder of its own for each test, removed when the test is done with it.
final class ScratchFolder: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "steward-backup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A console kept in a file (a restore replaces files), with one organization connected to a
/// fake store; `reopen` closes it and opens the file again, as the app does after a restore.
final class FileConsole: @unchecked Sendable {
    let path: String
    private(set) var database: AppDatabase
    let org: Organization

    init(path: String, store: FakeStore) async throws {
        self.path = path
        database = try AppDatabase.open(path: path)
        org = try await OrganizationService(database: database)
            .add(slug: "grace-church", name: "Grace Community Church", timeZone: "America/Chicago", kind: .church)
        try await RemoteService(database: database, credentials: MemoryCredentialStore())
            .connect(org, url: "https://fake.store", token: "t0ken")
    }

    var events: EventService { EventService(database: database) }

    func close() throws {
        try database.close()
    }

    func reopen() throws {
        database = try AppDatabase.open(path: path)
    }

    func sync(_ store: FakeStore) async throws {
        try await SyncEngine(database: database,
                             options: SyncOptions(retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.001, maxDelay: 0.01)),
                             transport: { _ in store }).sync(org: org)
    }

    func dump() async throws -> String { try await SyncDump.canonical(orgId: org.id, database: database) }

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await database.writer.read(body)
    }

    func remote() async throws -> Remote {
        try await read { [org] db in try #require(try Remote.fetch(orgId: org.id, db)) }
    }
}
