import Crypto
import Foundation
import Testing
@testable import StewardCore

/// The store's media upload as docs/media.md gives it: declared ids, offsets, chunk answers,
/// refusals and a checksum check, with every call logged in order.
actor FakeMediaStore: MediaTransport {
    struct Upload {
        var declaration: MediaDeclaration
        var bytes = Data()
        var ready = false
    }

    nonisolated let storeURL = "https://fake.store"
    private(set) var uploads: [UUID: Upload] = [:]
    private(set) var removed: [UUID] = []
    /// Every request, in order: "declare NAME", "chunk NAME@OFFSET", "remove ID".
    private(set) var log: [String] = []
    /// Files with this name are refused at declaration (415), with this message.
    var refuseNamed: [String: String] = [:]
    /// Bytes the next chunk of a file is taken as, in place of what was sent (a flipped bit).
    var corruptNextChunk = false
    /// After this many chunks, the store says it holds fewer bytes than were sent (its answer to
    /// a chunk was lost and another process's upload moved the offset back).
    var rewindAfterChunks: Int?
    private var chunks = 0
    /// Ready files other consoles uploaded, listed after this console's own.
    private var elsewhere: [StoreMediaItem] = []
    /// Answer the list with 404, as a store without media does.
    private var listMissing = false

    func refuse(_ name: String, _ message: String) { refuseNamed[name] = message }
    func corruptOnce() { corruptNextChunk = true }
    func rewind(after chunks: Int) { rewindAfterChunks = chunks }
    func preload(_ declaration: MediaDeclaration, bytes: Data) { uploads[declaration.id] = Upload(declaration: declaration, bytes: bytes) }

    func declareMedia(_ declaration: MediaDeclaration) async throws(SyncTransportError) -> StoreMediaItem {
        log.append("declare \(declaration.fileName)")
        if let message = refuseNamed[declaration.fileName] {
            throw .status(415, ErrorResponse(error: "media-refused", message: message))
        }
        if let upload = uploads[declaration.id] {
            guard upload.declaration == declaration else {
                throw .status(409, ErrorResponse(error: "media-id-in-use", message: "other content has this id"))
            }
            return view(declaration.id)
        }
        uploads[declaration.id] = Upload(declaration: declaration)
        return view(declaration.id)
    }

    func sendMediaChunk(id: UUID, offset: Int64, bytes: Data) async throws(SyncTransportError) -> MediaChunkAnswer {
        guard var upload = uploads[id] else { throw .status(404, nil) }
        log.append("chunk \(upload.declaration.fileName)@\(offset)")
        guard offset == Int64(upload.bytes.count) else { return .offsetMismatch(storeOffset: Int64(upload.bytes.count)) }
        var received = bytes
        if corruptNextChunk, !received.isEmpty {
            corruptNextChunk = false
            received[received.startIndex] ^= 0xFF
        }
        upload.bytes.append(received)
        chunks += 1
        if let rewind = rewindAfterChunks, chunks == rewind {
            rewindAfterChunks = nil
            upload.bytes = upload.bytes.prefix(1)
            uploads[id] = upload
            return .received(offset: 1)
        }
        if Int64(upload.bytes.count) == upload.declaration.size {
            guard Self.sha256(upload.bytes) == upload.declaration.sha256 else {
                upload.bytes = Data()
                uploads[id] = upload
                throw .status(422, ErrorResponse(error: "checksum-mismatch", message: "start over"))
            }
            upload.ready = true
            uploads[id] = upload
            return .finished(view(id))
        }
        uploads[id] = upload
        return .received(offset: Int64(upload.bytes.count))
    }

    func removeMedia(id: UUID) async throws(SyncTransportError) {
        log.append("remove \(id)")
        removed.append(id)
        uploads[id] = nil
    }

    func bytes(_ id: UUID) -> Data? { uploads[id]?.bytes }

    func listElsewhere(_ item: StoreMediaItem) { elsewhere.append(item) }
    /// Another console removed the file on the store.
    func removeElsewhere(_ id: UUID) {
        uploads[id] = nil
        elsewhere.removeAll { $0.id == UUIDColumn.encode(id) }
    }
    func answerListWith404() { listMissing = true }

    /// This console's uploads as the store lists them, then the others'; not logged, so the
    /// logs of uploads and pushes read as before.
    func listMedia() async throws(SyncTransportError) -> [StoreMediaItem] {
        if listMissing { throw .status(404, nil) }
        return uploads.keys.sorted { $0.uuidString < $1.uuidString }.map(view) + elsewhere
    }

    private func view(_ id: UUID) -> StoreMediaItem {
        let upload = uploads[id]!
        return StoreMediaItem(id: id.uuidString.lowercased(), state: upload.ready ? "ready" : "uploading",
                              uploadOffset: Int64(upload.bytes.count),
                              url: upload.ready ? "/media/token-\(upload.declaration.fileName)/\(upload.declaration.fileName)" : nil)
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}

/// Files waiting in memory, as the media library keeps them in the database.
actor MemoryMediaQueue: MediaSyncQueue {
    private(set) var waiting: [WaitingMedia] = []
    private(set) var uploaded: [UUID: String] = [:]
    private(set) var refused: [UUID: String] = [:]
    private(set) var removals: [UUID] = []
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func add(_ name: String, bytes: Data) throws -> MediaDeclaration {
        let declaration = MediaDeclaration(id: UUID(), fileName: name, size: Int64(bytes.count), sha256: FakeMediaStore.sha256(bytes))
        let file = folder.appendingPathComponent(declaration.id.uuidString)
        try bytes.write(to: file)
        waiting.append(WaitingMedia(declaration: declaration, file: file))
        return declaration
    }

    func remove(_ id: UUID) { removals.append(id) }

    func mediaToUpload(orgId: UUID) async throws -> [WaitingMedia] {
        waiting.filter { uploaded[$0.declaration.id] == nil && refused[$0.declaration.id] == nil }
    }

    func markUploaded(id: UUID, url: String) async throws { uploaded[id] = url }
    func markRefused(id: UUID, message: String) async throws { refused[id] = message }
    func mediaToRemove(orgId: UUID) async throws -> [UUID] { removals }
    func markRemovalSent(id: UUID) async throws { removals.removeAll { $0 == id } }
    /// The lists the syncs read, in order.
    private(set) var lists: [[StoreMediaItem]] = []
    func takeStoreList(_ listed: [StoreMediaItem], orgId: UUID, storeURL: String) async throws { lists.append(listed) }
}

/// The record store and the media store behind one transport, logging pushes among media calls.
struct StoreWithMedia: SyncTransport, MediaTransport {
    let records: FakeStore
    let media: FakeMediaStore
    let pushes = PushLog()

    final class PushLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func append(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    var storeURL: String { records.storeURL }

    func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
        await media.note("push")
        return try await records.push(request)
    }
    func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse { try await records.pull(cursor: cursor, limit: limit) }
    func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse {
        try await records.history(entity: entity, recordId: recordId)
    }
    func declareMedia(_ declaration: MediaDeclaration) async throws(SyncTransportError) -> StoreMediaItem {
        try await media.declareMedia(declaration)
    }
    func sendMediaChunk(id: UUID, offset: Int64, bytes: Data) async throws(SyncTransportError) -> MediaChunkAnswer {
        try await media.sendMediaChunk(id: id, offset: offset, bytes: bytes)
    }
    func removeMedia(id: UUID) async throws(SyncTransportError) { try await media.removeMedia(id: id) }
    func listMedia() async throws(SyncTransportError) -> [StoreMediaItem] { try await media.listMedia() }
}

extension FakeMediaStore {
    func note(_ entry: String) { log.append(entry) }
}

@Suite struct MediaUploadTests {
    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    func engine(_ f: SyncFixture, media: FakeMediaStore, queue: MemoryMediaQueue, chunk: Int = 1000,
                failpoint: (@Sendable (Failpoint) throws -> Void)? = nil) -> SyncEngine {
        var options = SyncOptions(retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.001, maxDelay: 0.01), failpointHook: failpoint)
        options.mediaChunkBytes = chunk
        let transport = StoreWithMedia(records: f.store, media: media)
        return SyncEngine(database: f.database, options: options, transport: { _ in transport }, media: queue)
    }

    @Test func filesGoInChunksBeforeAnyRecordAndEndAtTheStoresAddress() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let photo = Self.bytes(2500)
        let declared = try await queue.add("porch.jpg", bytes: photo)
        try await f.create("Porch concert")

        let report = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(report.mediaUploaded == 1 && report.pushed == 1)
        #expect(await media.log == ["declare porch.jpg", "chunk porch.jpg@0", "chunk porch.jpg@1000", "chunk porch.jpg@2000", "push"])
        #expect(await media.bytes(declared.id) == photo)
        #expect(await queue.uploaded[declared.id] == "https://fake.store/media/token-porch.jpg/porch.jpg")
        #expect(report.summary.hasSuffix(", files uploaded 1, files refused 0"))
    }

    @Test func aSyncStoppedMidFileGoesOnFromTheStoresCopyWithoutADuplicate() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let recording = Self.bytes(3500)
        let declared = try await queue.add("sermon.mp3", bytes: recording)
        await #expect(throws: SimulatedCrash.self) {
            _ = try await engine(f, media: media, queue: queue, failpoint: { if $0 == .midUpload { throw SimulatedCrash() } }).sync(org: f.org)
        }
        // The crash came before the file was done: it is still waiting, the store has a part.
        #expect(await queue.uploaded.isEmpty)
        #expect(await media.bytes(declared.id)?.count == 1000)

        _ = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(await media.bytes(declared.id) == recording)
        #expect(await media.uploads.count == 1)
        let log = await media.log
        #expect(log.filter { $0 == "chunk sermon.mp3@0" }.count == 1, "no byte is sent twice: \(log)")
        #expect(log.suffix(3) == ["chunk sermon.mp3@1000", "chunk sermon.mp3@2000", "chunk sermon.mp3@3000"])
        #expect(await queue.uploaded[declared.id] != nil)
    }

    @Test func theStoresOffsetWinsWhenItDiffersFromTheConsoles() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let file = Self.bytes(2200)
        let declared = try await queue.add("bulletin.pdf", bytes: file)
        await media.rewind(after: 2)

        _ = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(await media.bytes(declared.id) == file)
        #expect(await media.log.contains("chunk bulletin.pdf@1"))
    }

    @Test func aRefusedFileIsSetAsideWithTheStoresReasonAndTheRestGoOn() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        await media.refuse("tool.jpg", "this file is a program (application/x-executable), not a photo")
        let refused = try await queue.add("tool.jpg", bytes: Self.bytes(100))
        let fine = try await queue.add("choir.png", bytes: Self.bytes(100, seed: 3))

        let report = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(report.mediaRefused == 1 && report.mediaUploaded == 1)
        #expect(await queue.refused[refused.id] == "this file is a program (application/x-executable), not a photo")
        #expect(await queue.uploaded[fine.id] != nil)
        // Refused once is refused: the next sync does not send it again.
        _ = try await engine(f, media: media, queue: queue).sync(org: f.org)
        #expect(await media.log.filter { $0 == "declare tool.jpg" }.count == 1)
    }

    @Test func aChecksumMismatchStartsTheFileOverOnce() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let file = Self.bytes(1500)
        let declared = try await queue.add("flyer.jpg", bytes: file)
        await media.corruptOnce()

        let report = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(report.mediaUploaded == 1)
        #expect(await media.bytes(declared.id) == file)
        #expect(await media.log.filter { $0 == "chunk flyer.jpg@0" }.count == 2)
    }

    @Test func aKeptFileThatVanishedIsRefusedWithWhereItWas() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let declared = try await queue.add("gone.jpg", bytes: Self.bytes(10))
        let file = try #require(await queue.waiting.first).file
        try FileManager.default.removeItem(at: file)

        let report = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(report.mediaRefused == 1)
        #expect(await queue.refused[declared.id]?.contains(file.path) == true)
    }

    @Test func removalsReachTheStoreBeforeUploads() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let old = UUID()
        await queue.remove(old)
        try await queue.add("new.jpg", bytes: Self.bytes(10))

        _ = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(await media.log.prefix(2) == ["remove \(old)", "declare new.jpg"])
        #expect(await queue.removals.isEmpty)
    }

    @Test func theStoresListIsReadAfterTheUploads() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let queue = try MemoryMediaQueue()
        let declared = try await queue.add("porch.jpg", bytes: Self.bytes(10))

        _ = try await engine(f, media: media, queue: queue).sync(org: f.org)

        #expect(await queue.lists.map { $0.map(\.id) } == [[UUIDColumn.encode(declared.id)]])
        #expect(await queue.lists.first?.first?.isReady == true)
    }

    @Test func progressCountsBytesWhileUploading() {
        let progress = SyncProgress(stage: .uploading, bytesSent: 250, bytesToSend: 1000)
        #expect(progress.fraction == 0.25)
        #expect(SyncProgress(stage: .uploading).fraction == nil)
    }
}
