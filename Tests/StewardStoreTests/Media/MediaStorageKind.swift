import Foundation
import Testing
@testable import StewardStore

/// The media storages the shared suites run over: memory and a folder always; an S3-compatible
/// object store when STEWARD_TEST_S3_URL names one (Tests/store/seaweedfs.sh starts SeaweedFS,
/// with the bucket `steward-test` and the keys written there).
enum MediaStorageKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case folder
    case s3

    static let s3URLVariable = "STEWARD_TEST_S3_URL"
    static let bucket = "steward-test"
    static let keys = S3Credentials(accessKeyId: "steward-test", secretAccessKey: "steward-test-secret")
    /// Seaweedfs.sh's identity that may read and list, never write.
    static let readOnlyKeys = S3Credentials(accessKeyId: "steward-reader", secretAccessKey: "steward-reader-secret")

    static var s3URL: String? {
        ProcessInfo.processInfo.environment[s3URLVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every storage there is here.
    static var available: [MediaStorageKind] { s3URL == nil ? [.memory, .folder] : [.memory, .folder, .s3] }
    /// The storages a real store runs on.
    static var persistent: [MediaStorageKind] { available.filter { $0 != .memory } }

    var testDescription: String { rawValue }

    static func s3Client(keys: S3Credentials = keys) throws -> S3Client {
        guard let url = s3URL else { throw TestSetupError("\(s3URLVariable) is not set") }
        return S3Client(endpoint: url, bucket: bucket, region: "us-east-1", credentials: keys)
    }

    /// A fresh storage, and what removes what it left.
    func make() throws -> (storage: any MediaStorage, cleanup: @Sendable () -> Void) {
        switch self {
        case .memory:
            return (MemoryMediaStorage(), {})
        case .folder:
            let folder = MediaTesting.temporaryFolder()
            return (try FolderMediaStorage(root: folder), { try? FileManager.default.removeItem(at: folder) })
        case .s3:
            // Tests use keys of their own (fresh ids), so they share the bucket.
            return (S3MediaStorage(client: try Self.s3Client()), {})
        }
    }

    /// Every file the storage holds under `prefix` (an organization or an item), with its bytes.
    static func stored(in storage: any MediaStorage, prefix: String) async throws -> [String: Data] {
        var files: [String: Data] = [:]
        switch storage {
        case let memory as MemoryMediaStorage:
            for key in memory.keys where key.hasPrefix(prefix) {
                files[key] = try await memory.read(key: key, offset: 0, length: Int.max / 2)
            }
        case let folder as FolderMediaStorage:
            let root = folder.root.appendingPathComponent(prefix)
            let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in found where !file.hasDirectoryPath {
                files[String(file.path.dropFirst(folder.root.path.count + 1))] = try Data(contentsOf: file)
            }
        case let s3 as S3MediaStorage:
            for object in try await s3.client.list(prefix: prefix) {
                files[object.key] = object.size == 0 ? Data() : try await s3.client.get(key: object.key, range: 0...(object.size - 1))
            }
        default:
            Issue.record("unknown storage \(type(of: storage))")
        }
        return files
    }
}

/// Reports, as a skipped test with the reason, when the object store suites did not run.
@Suite("S3 media storage availability")
struct S3AvailabilityTests {
    @Test("the media suites run on an S3-compatible object store (set STEWARD_TEST_S3_URL, e.g. from Tests/store/seaweedfs.sh)",
          .enabled(if: MediaStorageKind.s3URL != nil,
                   "STEWARD_TEST_S3_URL is not set: the media suites ran on memory and a folder only; run `export STEWARD_TEST_S3_URL=$(Tests/store/seaweedfs.sh)` first"))
    func s3Configured() async throws {
        try await MediaStorageKind.s3Client().checkBucket()
    }
}
