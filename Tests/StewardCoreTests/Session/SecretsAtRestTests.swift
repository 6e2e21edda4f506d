import Foundation
import GRDB
import Testing
@testable import StewardCore

#if canImport(Glibc)
import Glibc
#endif

/// API tokens live in the credential store, not the database; tokens older consoles kept in
/// the database move there without being lost; the database files are the owner's alone.
@Suite("Secrets at rest")
struct SecretsAtRestTests {
    @Test("an API token is kept by the credential store and synced with from there, never stored in the database")
    func apiTokenInCredentialStore() async throws {
        let f = try await SyncFixture()
        let credentials = MemoryCredentialStore()
        let remote = try await RemoteService(database: f.database, credentials: credentials)
            .connect(f.org, url: "https://fake.store", token: "stw_secret_token")
        let text = try await Self.allStoredText(f.database)
        #expect(!text.contains("stw_secret_token"))
        #expect(try credentials.loadAPIToken(CredentialKey(remote: remote)) == "stw_secret_token")

        let provider = SessionService.tokenProvider(for: remote, credentials: credentials,
                                                    transport: FakeSessionTransport(), database: f.database)
        #expect(try await provider.token() == "stw_secret_token")
        // Without it in the credential store, the sync says where it should be and how to set it.
        try credentials.deleteAPIToken(CredentialKey(remote: remote))
        let missing = SessionService.tokenProvider(for: remote, credentials: credentials,
                                                   transport: FakeSessionTransport(), database: f.database)
        let error = await #expect(throws: SyncTransportError.self) { _ = try await missing.token() }
        guard case .credentialsUnavailable(let reason) = error else {
            Issue.record("expected credentialsUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("--token-file"))
    }

    @Test("a token an older console kept in the database moves to the credential store, and the column is blanked")
    func legacyTokenMoves() async throws {
        let f = try await SyncFixture()
        try await Self.putLegacyToken("stw_legacy", in: f)
        let credentials = MemoryCredentialStore()
        let before = try await f.remote()
        // Until it moves, it still works from the database.
        let provider = SessionService.tokenProvider(for: before, credentials: credentials,
                                                    transport: FakeSessionTransport(), database: f.database)
        #expect(try await provider.token() == "stw_legacy")

        // The engine moves it before syncing.
        try await f.create("Choir")
        let store = f.store
        let engine = SyncEngine(database: f.database, credentials: credentials, transport: { _ in store })
        try await engine.sync(org: f.org)

        let after = try await f.remote()
        #expect(after.token == "")
        #expect(try credentials.loadAPIToken(CredentialKey(remote: after)) == "stw_legacy")
        #expect(!(try await Self.allStoredText(f.database)).contains("stw_legacy"))
        // The remote syncs on, with the token from the credential store.
        let moved = SessionService.tokenProvider(for: after, credentials: credentials,
                                                 transport: FakeSessionTransport(), database: f.database)
        #expect(try await moved.token() == "stw_legacy")
    }

    @Test("when the credential store cannot keep the token, it stays in the database and keeps working")
    func legacyTokenStaysWhenTheStoreFails() async throws {
        let refusing = RefusingCredentialStore(displayName: "the locked keyring")
        let f = try await SyncFixture()
        try await Self.putLegacyToken("stw_legacy", in: f)
        let moved = await RemoteService(database: f.database, credentials: refusing).moveTokensToCredentialStore()
        #expect(moved == 0)
        let remote = try await f.remote()
        #expect(remote.token == "stw_legacy")
        let provider = SessionService.tokenProvider(for: remote, credentials: refusing,
                                                    transport: FakeSessionTransport(), database: f.database)
        #expect(try await provider.token() == "stw_legacy")
    }

    @Test("a new database gets a 0700 folder and 0600 files (database, -wal, -shm)")
    func newDatabaseFileModes() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("steward-modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("data/steward/steward.sqlite").path
        let database = try AppDatabase.open(path: path)
        _ = try await OrganizationService(database: database)
            .add(slug: "grace", name: "Grace", timeZone: "UTC", kind: .church)

        #expect(Self.mode(root.appendingPathComponent("data/steward").path) == 0o700)
        #expect(Self.mode(root.appendingPathComponent("data").path) == 0o700)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(Self.mode(file) == 0o600, "\(file): \(String(Self.mode(file), radix: 8))")
        }
    }

    @Test("an existing database left readable by others is narrowed to 0600 when opened; its folder is left alone")
    func existingDatabaseNarrowed() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("steward-modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
        let path = root.appendingPathComponent("steward.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
            try queue.close()
        }
        chmod(path, 0o644)

        let database = try AppDatabase.open(path: path)
        _ = try await OrganizationService(database: database)
            .add(slug: "grace", name: "Grace", timeZone: "UTC", kind: .church)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file): \(String(Self.mode(file), radix: 8))")
        }
        #expect(Self.mode(root.path) == 0o755)
    }

    // MARK: Helpers

    static func putLegacyToken(_ token: String, in f: SyncFixture) async throws {
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "UPDATE remote SET token = ? WHERE orgId = ?", arguments: [token, UUIDColumn.encode(org.id)])
        }
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    static func allStoredText(_ database: AppDatabase) async throws -> String {
        try await database.writer.read { db in
            var text = ""
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                    for (_, value) in row { text += "\(value)\n" }
                }
            }
            return text
        }
    }
}
