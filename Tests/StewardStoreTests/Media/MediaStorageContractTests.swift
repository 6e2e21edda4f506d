import Foundation
import MediaTestSamples
import NIOCore
import Testing
@testable import StewardStore

/// What every media storage promises (`MediaStorage`), checked on each one the same way:
/// memory, a folder, and an S3-compatible object store when one is configured.
@Suite("Media storage contract")
struct MediaStorageContractTests {
    static func withStorage(_ kind: MediaStorageKind, _ body: (any MediaStorage, String) async throws -> Void) async throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        let prefix = "contract-\(UUID().uuidString.lowercased())"
        do {
            try await body(storage, prefix)
        } catch {
            try? await storage.removeAll(prefix: prefix)
            throw error
        }
        try await storage.removeAll(prefix: prefix)
    }

    /// A request body as the server hands it over: the bytes in a few buffers.
    static func body(_ data: Data, pieces: Int = 3) -> AsyncStream<ByteBuffer> {
        let size = max(1, (data.count + pieces - 1) / pieces)
        let buffers = stride(from: 0, to: data.count, by: size).map {
            ByteBuffer(bytes: data[data.startIndex + $0 ..< data.startIndex + min(data.count, $0 + size)])
        }
        return AsyncStream { continuation in
            for buffer in buffers { continuation.yield(buffer) }
            continuation.finish()
        }
    }

    static func bytes(_ count: Int, seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    static func write(_ storage: any MediaStorage, _ key: String, _ data: Data, at offset: Int64, limit: Int64 = 1 << 40) async throws -> Int64 {
        try await storage.writeUpload(key: key, at: offset, body: body(data), limit: limit)
    }

    static func all(_ storage: any MediaStorage, _ key: String) async throws -> Data {
        var data = Data()
        for try await chunk in storage.chunks(key: key) { data.append(chunk) }
        return data
    }

    @Test("chunks add up; a chunk sent again replaces what followed; past the end or the limit is refused",
          arguments: MediaStorageKind.available)
    func partialUpload(kind: MediaStorageKind) async throws {
        try await Self.withStorage(kind) { storage, prefix in
            let key = "\(prefix)/item/upload"
            let first = Self.bytes(10_000, seed: 1), second = Self.bytes(7_000, seed: 2)
            #expect(try await storage.size(key: key) == nil)
            #expect(try await Self.write(storage, key, first, at: 0) == 10_000)
            #expect(try await Self.write(storage, key, second, at: 10_000) == 17_000)
            #expect(try await storage.size(key: key) == 17_000)
            #expect(try await Self.all(storage, key) == first + second)
            // A read across the two chunks.
            #expect(try await storage.read(key: key, offset: 9_990, length: 20) == (first + second)[9_990 ..< 10_010])
            #expect(try await storage.read(key: key, offset: 16_990, length: 100) == second.suffix(10))

            await #expect(throws: MediaStorageFailure.offsetPastEnd(held: 17_000)) {
                _ = try await Self.write(storage, key, second, at: 17_001)
            }
            await #expect(throws: MediaStorageFailure.pastLimit(limit: 20_000)) {
                _ = try await Self.write(storage, key, second, at: 17_000, limit: 20_000)
            }
            let third = Self.bytes(5_000, seed: 4)
            #expect(try await Self.write(storage, key, third, at: 17_000) == 22_000)
            // The client died mid-chunk and sends the second chunk again, shorter this time:
            // what followed it is gone, even where a later chunk would line up with it again.
            let again = Self.bytes(3_000, seed: 3)
            #expect(try await Self.write(storage, key, again, at: 10_000) == 13_000)
            #expect(try await storage.size(key: key) == 13_000)
            #expect(try await Self.all(storage, key) == first + again)
            let fourth = Self.bytes(4_000, seed: 5)
            #expect(try await Self.write(storage, key, fourth, at: 13_000) == 17_000)
            #expect(try await storage.size(key: key) == 17_000)
            #expect(try await Self.all(storage, key) == first + again + fourth)

            try await storage.remove(key: key)
            #expect(try await storage.size(key: key) == nil)
            #expect(try await Self.write(storage, key, first, at: 0) == 10_000)
            #expect(try await Self.all(storage, key) == first)
        }
    }

    @Test("a finished file is made of the upload's chunks, large and small, and the upload is gone",
          arguments: MediaStorageKind.available)
    func promote(kind: MediaStorageKind) async throws {
        try await Self.withStorage(kind) { storage, prefix in
            let upload = "\(prefix)/item/upload", full = "\(prefix)/item/full"
            // On S3: a 6 MB chunk copied as it is, three small ones joined into one part, a small last one.
            let sizes = [6_000_000, 1_000_000, 2_000_000, 3_000_000, 1_000]
            var whole = Data()
            for (index, size) in sizes.enumerated() {
                let chunk = Self.bytes(size, seed: UInt8(index))
                #expect(try await Self.write(storage, upload, chunk, at: Int64(whole.count)) == Int64(whole.count + size))
                whole += chunk
            }
            try await storage.promote(upload: upload, to: full)
            #expect(try await storage.size(key: upload) == nil)
            #expect(try await storage.size(key: full) == Int64(whole.count))
            #expect(try await Self.all(storage, full) == whole)
            #expect(try await storage.read(key: full, offset: 5_999_990, length: 20) == whole[5_999_990 ..< 6_000_010])
            let held = try await MediaStorageKind.stored(in: storage, prefix: "\(prefix)/")
            #expect(held.keys.sorted() == [full])
        }
    }

    @Test("files put whole, removed one by one or by item", arguments: MediaStorageKind.available)
    func putAndRemove(kind: MediaStorageKind) async throws {
        try await Self.withStorage(kind) { storage, prefix in
            let thumb = Self.bytes(3_000, seed: 9)
            try await storage.put(key: "\(prefix)/a/thumb", data: thumb)
            try await storage.put(key: "\(prefix)/a/full", data: Self.bytes(5, seed: 1))
            try await storage.put(key: "\(prefix)/b/full", data: Self.bytes(5, seed: 2))
            #expect(try await storage.read(key: "\(prefix)/a/thumb", offset: 0, length: 10_000) == thumb)
            #expect(try await storage.size(key: "\(prefix)/a/thumb") == 3_000)
            try await storage.remove(key: "\(prefix)/a/thumb")
            try await storage.remove(key: "\(prefix)/a/none")
            #expect(try await storage.size(key: "\(prefix)/a/thumb") == nil)
            try await storage.removeAll(prefix: "\(prefix)/a")
            #expect(try await storage.size(key: "\(prefix)/a/full") == nil)
            #expect(try await storage.size(key: "\(prefix)/b/full") == 5)
            try await storage.removeAll(prefix: "\(prefix)/none")
        }
    }
}

/// The object store itself: keys it refuses, files it does not have.
@Suite("S3 media storage")
struct S3MediaStorageTests {
    @Test("an object store that refuses a write says so, naming itself and its answer, never the secret",
          .enabled(if: MediaStorageKind.s3URL != nil, "STEWARD_TEST_S3_URL is not set"))
    func refusedWrite() async throws {
        let storage = S3MediaStorage(client: try MediaStorageKind.s3Client(keys: MediaStorageKind.readOnlyKeys))
        let key = "refused-\(UUID().uuidString.lowercased())/item/upload"
        do {
            _ = try await storage.writeUpload(key: key, at: 0, body: MediaStorageContractTests.body(Data("hello".utf8)), limit: 100)
            Issue.record("the read-only keys wrote")
        } catch let error as ObjectStoreError {
            #expect(error.status == 403)
            #expect(error.code == "AccessDenied")
            #expect(error.description.contains(MediaStorageKind.s3URL ?? "?"))
            #expect(error.description.contains("bucket steward-test"))
            #expect(!error.description.contains(MediaStorageKind.readOnlyKeys.secretAccessKey))
        }
        #expect(try await storage.size(key: key) == nil)
    }

    @Test("a chunk the object store refuses answers 503 naming it; the upload's offset stays",
          .enabled(if: MediaStorageKind.s3URL != nil, "STEWARD_TEST_S3_URL is not set"))
    func refusedChunk() async throws {
        let refusing = S3MediaStorage(client: try MediaStorageKind.s3Client(keys: MediaStorageKind.readOnlyKeys))
        try await TestStore.with(.sqlite, configuration: MediaTesting.configuration(storage: refusing)) { store in
            let recording = MediaSamples.mp3(frames: 40)
            let id = UUID().uuidString.lowercased()
            #expect(try await store.declareMedia(recording, id: id, fileName: "Sermon.mp3").status == .created)
            let refused = try await store.sendChunk(recording, id: id, offset: 0)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorBody?.error == "unavailable")
            let message = refused.errorBody?.message ?? ""
            #expect(message.contains("media object store"), "\(message)")
            #expect(message.contains("AccessDenied"), "\(message)")
            #expect(!message.contains(MediaStorageKind.readOnlyKeys.secretAccessKey))
            let offset = try await store.request(.head, "\(store.mediaPath)/\(id)", token: store.staffTokens[.editor])
            #expect(offset.headers[MediaUploadController.uploadOffset] == "0")
        }
    }

    @Test("wrong keys, a missing bucket and no server at all are told apart at the bucket check",
          .enabled(if: MediaStorageKind.s3URL != nil, "STEWARD_TEST_S3_URL is not set"))
    func bucketCheck() async throws {
        let url = try #require(MediaStorageKind.s3URL)
        let wrong = S3Client(endpoint: url, bucket: MediaStorageKind.bucket, region: "us-east-1",
                             credentials: S3Credentials(accessKeyId: "steward-test", secretAccessKey: "not-the-secret"))
        let refused = await #expect(throws: ObjectStoreError.self) { try await wrong.checkBucket() }
        #expect(refused?.status == 403)
        #expect(refused?.description.contains("not-the-secret") == false)
        let missing = S3Client(endpoint: url, bucket: "no-such-bucket", region: "us-east-1", credentials: MediaStorageKind.keys)
        let absent = await #expect(throws: ObjectStoreError.self) { try await missing.checkBucket() }
        #expect(absent?.status == 404)
        let nobody = S3Client(endpoint: "http://127.0.0.1:9", bucket: MediaStorageKind.bucket, region: "us-east-1",
                              credentials: MediaStorageKind.keys)
        let unreachable = await #expect(throws: ObjectStoreError.self) { try await nobody.checkBucket() }
        #expect(unreachable?.status == nil)
        #expect(unreachable?.description.contains("could not be reached") == true)
    }

    @Test("the key file: KEY=VALUE lines, private to its owner")
    func keyFile() throws {
        let keys = try S3Credentials.parse("# keys\naccess_key_id = AKIA1\n\nsecret_access_key=abc/def+ghi=\n", path: "k")
        #expect(keys == S3Credentials(accessKeyId: "AKIA1", secretAccessKey: "abc/def+ghi="))
        #expect(throws: S3Credentials.FileError.self) { try S3Credentials.parse("access_key_id=a\n", path: "k") }
        #expect(throws: S3Credentials.FileError.self) { try S3Credentials.parse("AKIA1\nsecret\n", path: "k") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("s3-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("access_key_id=a\nsecret_access_key=b\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let open = #expect(throws: S3Credentials.FileError.self) { try S3Credentials.read(path: file.path) }
        #expect(open?.description.contains("chmod 600") == true)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try S3Credentials.read(path: file.path) == S3Credentials(accessKeyId: "a", secretAccessKey: "b"))
    }

    @Test("query strings and keys are encoded as SigV4 signs them")
    func encoding() {
        #expect(S3Client.query(["prefix": "a/b c", "list-type": "2", "continuation-token": "x+y="])
            == "continuation-token=x%2By%3D&list-type=2&prefix=a%2Fb%20c")
        #expect(S3Client.query(["uploads": ""]) == "uploads=")
        #expect(S3Client.encodePath("org/Ünï/upload.parts/0001") == "org/%C3%9Cn%C3%AF/upload.parts/0001")
    }

    @Test("small chunks are joined into parts of 5 MB or more; the last may be smaller")
    func partGroups() {
        func parts(_ sizes: [Int64]) -> [S3UploadParts.Segment] {
            var start: Int64 = 0
            return sizes.map { size in
                defer { start += size }
                return S3UploadParts.Segment(key: S3UploadParts.key(of: "u", at: start), start: start, size: size)
            }
        }
        let groups = S3UploadParts.groups(parts([6, 1, 2, 3, 1]), minimumBytes: 5)
        #expect(groups.map { $0.map(\.size) } == [[6], [1, 2, 3], [1]])
        #expect(S3UploadParts.key(of: "o/i/upload", at: 1234) == "o/i/upload.parts/0000000000001234")
        // A part past a gap is not held.
        let listed = parts([4, 4]) + [S3UploadParts.Segment(key: "u.parts/0000000000000020", start: 20, size: 3)]
        #expect(S3UploadParts.contiguous(listed).map(\.start) == [0, 4])
    }
}
