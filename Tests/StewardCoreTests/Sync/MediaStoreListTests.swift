import Foundation
import MediaTestSamples
import Testing
@testable import StewardCore

/// The store's media list taken into the library at each sync: another console's files become
/// items here (known by their address on the store, no local file, never uploaded back), so a
/// record naming one is edited here; files removed on the store are removed here.
@Suite("The store's media list at each sync")
struct MediaStoreListTests {
    static let photoId = UUID(uuidString: "6a1f0c3e-2b4d-4e8f-9a7b-1c2d3e4f5a6b")!

    /// A ready JPEG another console uploaded, as the store lists it.
    static func othersPhoto(id: UUID = photoId) -> StoreMediaItem {
        StoreMediaItem(id: UUIDColumn.encode(id), state: "ready", uploadOffset: 2048,
                       url: "/media/tok3n/Advent.jpg", fileName: "Advent.jpg", kind: "image", contentType: "image/jpeg",
                       size: 2048, sha256: String(repeating: "ab", count: 32), width: 640, height: 480,
                       createdAt: "2026-11-28T09:15:00Z", updatedAt: "2026-11-28T09:15:02Z")
    }

    func engine(_ f: SyncFixture, media: FakeMediaStore, library: MediaLibrary) -> SyncEngine {
        let options = SyncOptions(retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.001, maxDelay: 0.01))
        let transport = StoreWithMedia(records: f.store, media: media)
        return SyncEngine(database: f.database, options: options, transport: { _ in transport }, media: library)
    }

    static func library(_ f: SyncFixture) -> MediaLibrary {
        MediaLibrary(database: f.database, folder: MediaFolder(root: FileManager.default.temporaryDirectory
            .appendingPathComponent("media-list-\(UUID().uuidString)")))
    }

    @Test func anotherConsolesFileIsLearntWithItsAddressAndNoLocalFile() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        await media.listElsewhere(Self.othersPhoto())
        await media.listElsewhere(StoreMediaItem(id: UUIDColumn.encode(UUID()), state: "uploading", uploadOffset: 10))
        let library = Self.library(f)

        _ = try await engine(f, media: media, library: library).sync(org: f.org)

        let items = try await library.list(f.org)
        #expect(items.count == 1, "only the ready file: \(items.map(\.fileName))")
        let item = try #require(items.first)
        #expect(item.id == Self.photoId)
        #expect(item.url == "https://fake.store/media/tok3n/Advent.jpg")
        #expect(!item.hasLocalFile)
        #expect(library.fileURL(of: item) == nil)
        #expect(item.kind == .image && item.contentType == "image/jpeg" && item.size == 2048)
        #expect(item.sha256 == String(repeating: "ab", count: 32))
        #expect(item.width == 640 && item.height == 480)
        #expect(item.addedAt == ISO8601DateFormatter().date(from: "2026-11-28T09:15:00Z"))
        #expect(try await library.usage(f.org).used == 2048, "it counts against the organization's allowance")

        // Never uploaded back, by the next sync or any.
        #expect(try await library.waitingUploads(orgId: f.org.id).isEmpty)
        _ = try await engine(f, media: media, library: library).sync(org: f.org)
        #expect(await !media.log.contains { $0.hasPrefix("declare") })
        #expect(try await library.list(f.org).count == 1, "learnt once")
    }

    @Test func aRecordNamingAnotherConsolesFileIsEditedHere() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        await media.listElsewhere(Self.othersPhoto())
        let bulletinId = UUID()
        _ = await f.store.remoteWrite(entity: "bulletin", bulletinId, fields: .object([
            "title": .string("Advent 1"), "date": .string("2026-11-29"), "headerImage": .string(UUIDColumn.encode(Self.photoId)),
        ]))
        let library = Self.library(f)

        _ = try await engine(f, media: media, library: library).sync(org: f.org)

        let edited = try await RecordService(database: f.database)
            .update(.bulletin, id: bulletinId, changes: ["title": .string("Advent 1 (revised)")], in: f.org)
        #expect(edited["title"] == .string("Advent 1 (revised)"))
        #expect(edited["headerImage"] == .string(UUIDColumn.encode(Self.photoId)))
        let item = try #require(try await library.item(Self.photoId, in: f.org))
        #expect(try await library.usedBy(item).map(\.id) == [bulletinId])
    }

    @Test func aFileRemovedOnTheStoreIsRemovedHereAndItsCopyDeleted() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        let library = Self.library(f)
        let mine = try await library.add(try Self.file("choir.png", MediaSamples.png(width: 8, height: 8)), to: f.org)
        // A file the store never took: not on its list, and not removed here for that.
        let waiting = try await library.add(try Self.file("later.pdf", MediaSamples.pdf), to: f.org)
        await media.refuse("later.pdf", "the organization's media would pass its 10 GB")
        await media.listElsewhere(Self.othersPhoto())
        _ = try await engine(f, media: media, library: library).sync(org: f.org)
        #expect(try await library.item(mine.id, in: f.org)?.url != nil)
        let kept = try #require(library.fileURL(of: mine))
        #expect(FileManager.default.fileExists(atPath: kept.path))

        // Another console removed both files on the store.
        await media.removeElsewhere(mine.id)
        await media.removeElsewhere(Self.photoId)
        _ = try await engine(f, media: media, library: library).sync(org: f.org)

        for id in [mine.id, Self.photoId] {
            let item = try #require(try await library.item(id, in: f.org))
            #expect(item.removedAt != nil && item.removalSentAt != nil, "\(item.fileName) is removed here too")
        }
        #expect(!FileManager.default.fileExists(atPath: kept.path), "the local copy of a file gone from the store")
        #expect(try await library.waitingRemovals(orgId: f.org.id).isEmpty, "the store is not told what it did itself")
        #expect(try await library.item(waiting.id, in: f.org)?.isRemoved == false, "a file the store never took stays")
        #expect(try await library.list(f.org).map(\.id) == [waiting.id])
    }

    @Test func aStoreWithoutMediaIsNoError() async throws {
        let f = try await SyncFixture()
        let media = FakeMediaStore()
        await media.answerListWith404()
        let library = Self.library(f)
        try await f.create("Porch concert")
        let report = try await engine(f, media: media, library: library).sync(org: f.org)
        #expect(report.pushed == 1)
        #expect(try await library.list(f.org).isEmpty)
    }

    static func file(_ name: String, _ data: Data) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-list-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}
