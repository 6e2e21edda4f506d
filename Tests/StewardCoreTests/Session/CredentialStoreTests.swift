import Foundation
import Testing
@testable import StewardCore
@testable import StewardCredentials

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct CredentialStoreTests {
    let key = CredentialKey(installation: "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f", orgSlug: "grace-church")

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func theFileIsReadableByTheUserOnlyInAPrivateFolder() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileCredentialStore(folder: root.appendingPathComponent("steward/credentials"))
        let credentials = SessionCredentials(url: "https://store", tokens: .issued(1))
        // Even with a permissive umask, the file is 0600 and the folder 0700.
        let old = umask(0)
        defer { umask(old) }

        try store.save(credentials, for: key)

        #expect(mode(store.folder.path) == 0o700)
        #expect(mode(store.file(for: key).path) == 0o600)
        #expect(store.file(for: key).lastPathComponent == "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f-grace-church.json")
        #expect(try store.load(key) == credentials)
    }

    @Test func anAPITokenHasAPrivateFileOfItsOwnBesideASignIn() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileCredentialStore(folder: root.appendingPathComponent("steward/credentials"))
        let old = umask(0)
        defer { umask(old) }
        #expect(try store.loadAPIToken(key) == nil)

        try store.saveAPIToken("stw_abc", for: key)
        try store.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)

        #expect(mode(store.folder.path) == 0o700)
        #expect(mode(store.apiTokenFile(for: key).path) == 0o600)
        #expect(store.apiTokenFile(for: key).lastPathComponent == "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f-grace-church.api-token")
        #expect(try store.loadAPIToken(key) == "stw_abc")
        #expect(try store.load(key)?.accessToken == "access-1")
        try store.deleteAPIToken(key)
        #expect(try store.loadAPIToken(key) == nil)
        #expect(try store.load(key)?.accessToken == "access-1")
        try store.deleteAPIToken(key)
    }

    @Test func savingReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileCredentialStore(folder: root)
        try store.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let before = try #require(try? FileManager.default.attributesOfItem(atPath: store.file(for: key).path)[.systemFileNumber] as? Int)

        try store.save(SessionCredentials(url: "https://store", tokens: .issued(2)), for: key)

        // A new file renamed over the old one (another inode), not the old one rewritten in place.
        let after = try #require(try? FileManager.default.attributesOfItem(atPath: store.file(for: key).path)[.systemFileNumber] as? Int)
        #expect(after != before)
        #expect(try store.load(key)?.accessToken == "access-2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [store.file(for: key).lastPathComponent])
        #expect(mode(store.file(for: key).path) == 0o600)
    }

    @Test func aFolderOthersCouldReadIsMadePrivate() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        chmod(root.path, 0o755)
        let store = FileCredentialStore(folder: root)

        try store.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)

        #expect(mode(root.path) == 0o700)
    }

    @Test func deletingForgetsAndLoadingNothingIsNil() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileCredentialStore(folder: root)
        #expect(try store.load(key) == nil)
        try store.delete(key)
        try store.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)

        try store.delete(key)

        #expect(try store.load(key) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.file(for: key).path))
    }

    @Test func theDefaultFolderIsUnderXDGDataHome() {
        #expect(FileCredentialStore.defaultFolder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"]).path
                == "/data/steward/credentials")
        #expect(FileCredentialStore.defaultFolder(environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/share/steward/credentials")
    }

    @Test func theKeyringIsUsedWhenItAnswersAndTheEnvironmentCanForceEither() throws {
        #expect(try CredentialStores.choice(environment: [:], keyringAnswers: { true }) == .keyring)
        #expect(try CredentialStores.choice(environment: [:], keyringAnswers: { false }) == .file)
        // Forced: the keyring is not even asked.
        #expect(try CredentialStores.choice(environment: ["STEWARD_CREDENTIALS": "file"], keyringAnswers: {
            Issue.record("asked the keyring")
            return true
        }) == .file)
        #expect(try CredentialStores.choice(environment: ["STEWARD_CREDENTIALS": "keyring"], keyringAnswers: { false }) == .keyring)
        let error = #expect(throws: ValidationError.self) {
            try CredentialStores.choice(environment: ["STEWARD_CREDENTIALS": "vault"], keyringAnswers: { true })
        }
        #expect(error?.issues.first?.field == "STEWARD_CREDENTIALS")
    }

    @Test func withoutASessionBusTheFileIsChosen() throws {
        #expect(!SecretServiceCredentialStore.isAvailable(environment: [:]))
        let store = try CredentialStores.standard(environment: ["XDG_DATA_HOME": "/tmp/steward-test-data"])
        #expect(store is FileCredentialStore)
        #expect((store as? FileCredentialStore)?.folder.path == "/tmp/steward-test-data/steward/credentials")
    }
}
