import Foundation
import HTTPTypes
import HummingbirdTesting
import MediaTestSamples
import StewardCore
import StewardMedia
import Testing
@testable import StewardStore

/// Media served as browsers and podcast players expect, from a real folder and object store: no token, the
/// content's type, ETag and 304, a year of caching, byte ranges, and nothing once removed.
@Suite("Public media addresses")
struct PublicMediaTests {
    /// A store whose media live in a storage of `kind` (a folder, or an S3-compatible object store).
    static func withStore(_ backend: Backend, _ kind: MediaStorageKind,
                          _ body: @Sendable (TestStore, any MediaStorage) async throws -> Void) async throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        try await TestStore.with(backend, configuration: MediaTesting.configuration(storage: storage)) { store in
            try await body(store, storage)
        }
    }

    @Test("a recording: GET, HEAD, ranges (206, suffix, 416) and ETag (304) without a token", arguments: Backend.available, MediaStorageKind.persistent)
    func recording(backend: Backend, storage kind: MediaStorageKind) async throws {
        try await Self.withStore(backend, kind) { store, _ in
            let recording = MediaSamples.mp3(frames: 50)
            let item = try await store.uploadMediaOK(recording, fileName: "Easter service.mp3")
            let url = try #require(item["url"]?.stringValue)
            #expect(url.hasPrefix("/media/"))

            let whole = try await store.request(.get, url, token: nil)
            #expect(whole.status == .ok)
            #expect(Data(whole.body.readableBytesView) == recording)
            #expect(whole.headers[.contentType] == "audio/mpeg")
            #expect(whole.headers[.eTag] == "\"\(MediaTesting.sha256(recording))\"")
            #expect(whole.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(whole.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")

            let head = try await store.request(.head, url, token: nil)
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == String(recording.count))
            #expect(head.body.readableBytes == 0)

            let part = try await store.request(.get, url, token: nil, headers: [.range: "bytes=100-199"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 100-199/\(recording.count)")
            #expect(Data(part.body.readableBytesView) == recording[100...199])
            let open = try await store.request(.get, url, token: nil, headers: [.range: "bytes=\(recording.count - 10)-"])
            #expect(open.status == .partialContent)
            #expect(Data(open.body.readableBytesView) == recording.suffix(10))
            let suffix = try await store.request(.get, url, token: nil, headers: [.range: "bytes=-25"])
            #expect(suffix.status == .partialContent)
            #expect(suffix.headers[.contentRange] == "bytes \(recording.count - 25)-\(recording.count - 1)/\(recording.count)")
            #expect(Data(suffix.body.readableBytesView) == recording.suffix(25))
            let past = try await store.request(.get, url, token: nil, headers: [.range: "bytes=\(recording.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(recording.count)")

            let cached = try await store.request(.get, url, token: nil, headers: [.ifNoneMatch: whole.headers[.eTag] ?? ""])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)

            let unknown = try await store.request(.get, "/media/AAAAAAAAAAAAAAAAAAAAAA/x.mp3", token: nil)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a phone's photo is served cleaned (no Exif, no GPS) with its renditions; the original is not kept",
          arguments: Backend.available, MediaStorageKind.persistent)
    func photo(backend: Backend, storage kind: MediaStorageKind) async throws {
        try await Self.withStore(backend, kind) { store, storage in
            let photo = MediaSamples.jpegWithExif(width: 1600, height: 900)
            let item = try await store.uploadMediaOK(photo, fileName: "IMG_0042.JPG")
            #expect(item["contentType"]?.stringValue == "image/jpeg")
            // Orientation 6 turned it upright.
            #expect(item["width"]?.int64Value == 900 && item["height"]?.int64Value == 1600)
            let url = try #require(item["url"]?.stringValue)
            let full = try await store.request(.get, url, token: nil)
            let bytes = Data(full.body.readableBytesView)
            #expect(full.status == .ok && bytes.count > 0)
            #expect(!MediaSamples.contains(bytes, MediaSamples.gpsMarker))
            #expect(!MediaSamples.contains(bytes, Data("Exif".utf8)))
            #expect(full.headers[.eTag] == "\"\(MediaTesting.sha256(bytes))\"")
            let thumbURL = try #require(item["renditions"]?["thumb"]?.stringValue)
            let thumb = try await store.request(.get, thumbURL, token: nil)
            #expect(thumb.status == .ok)
            #expect(thumb.headers[.contentType] == "image/jpeg")
            #expect(Data(thumb.body.readableBytesView).count < bytes.count)
            // No file the storage holds for the organization has the GPS position, nor the original.
            let stored = try await MediaStorageKind.stored(in: storage, prefix: "\(store.org)/")
            #expect(!stored.isEmpty)
            for (key, data) in stored {
                #expect(!MediaSamples.contains(data, MediaSamples.gpsMarker), "\(key)")
                #expect(!key.contains("upload"), "\(key)")
            }
        }
    }

    @Test("removed media stops being served, and its files are deleted", arguments: Backend.available, MediaStorageKind.persistent)
    func removed(backend: Backend, storage kind: MediaStorageKind) async throws {
        try await Self.withStore(backend, kind) { store, storage in
            let item = try await store.uploadMediaOK(MediaSamples.pdf, fileName: "Bulletin.pdf")
            let url = try #require(item["url"]?.stringValue)
            let id = try #require(item["id"]?.stringValue)
            #expect(try await store.request(.get, url, token: nil).status == .ok)
            let removed = try await store.request(.delete, "\(store.mediaPath)/\(id)", token: store.staffTokens[.editor])
            #expect(removed.status == .noContent)
            #expect(try await store.request(.get, url, token: nil).status == .notFound)
            #expect(try await store.request(.head, url, token: nil).status == .notFound)
            let shown = MediaTesting.json(try await store.request(.get, "\(store.mediaPath)/\(id)", token: store.staffTokens[.viewer]))
            #expect(shown["state"]?.stringValue == "removed")
            #expect(shown["url"] == nil)
            #expect(try await MediaStorageKind.stored(in: storage, prefix: "\(store.org)/\(id)/").isEmpty)
            let listed = MediaTesting.json(try await store.request(.get, store.mediaPath, token: store.staffTokens[.viewer]))
            #expect(listed["items"]?.arrayValue?.isEmpty == true)
        }
    }
}
