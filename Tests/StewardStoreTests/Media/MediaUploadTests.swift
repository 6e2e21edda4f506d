import Foundation
import HummingbirdTesting
import MediaTestSamples
import StewardCore
import StewardMedia
import Testing
@testable import StewardStore

/// Staff uploading media, on every backend and media storage: chunks that resume where the store is, the same file
/// declared twice, what is refused on the way in and why.
@Suite("Media uploads")
struct MediaUploadTests {
    @Test("a chunk at the wrong offset is refused with the store's; an interrupted upload resumes and completes once",
          arguments: Backend.available, MediaStorageKind.available)
    func resumable(backend: Backend, storage kind: MediaStorageKind) async throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        try await TestStore.with(backend, configuration: MediaTesting.configuration(storage: storage)) { store in
            let recording = MediaSamples.mp3(frames: 60)
            let id = UUID().uuidString.lowercased()
            let declared = try await store.declareMedia(recording, id: id, fileName: "Sunday sermon.mp3")
            #expect(declared.status == .created, "\(declared.text)")
            #expect(MediaTesting.json(declared)["state"]?.stringValue == "uploading")
            let start = try await store.request(.head, "\(store.mediaPath)/\(id)", token: store.staffTokens[.editor])
            #expect(start.headers[MediaUploadController.uploadOffset] == "0")
            #expect(start.headers[MediaUploadController.uploadLength] == String(recording.count))

            let wrong = try await store.sendChunk(recording.prefix(100), id: id, offset: 50)
            #expect(wrong.status == .conflict)
            #expect(wrong.headers[MediaUploadController.uploadOffset] == "0")
            #expect(wrong.errorBody?.error == MediaHTTPError.offsetMismatch)

            let first = 10_000
            let sent = try await store.sendChunk(recording.prefix(first), id: id, offset: 0)
            #expect(sent.status == .noContent, "\(sent.text)")
            #expect(sent.headers[MediaUploadController.uploadOffset] == String(first))
            // The console died and lost the answer: it sends the first chunk again and hears where to go on.
            let again = try await store.sendChunk(recording.prefix(first), id: id, offset: 0)
            #expect(again.status == .conflict)
            #expect(again.headers[MediaUploadController.uploadOffset] == String(first))
            let resumedAt = try await store.request(.head, "\(store.mediaPath)/\(id)", token: store.staffTokens[.editor])
            #expect(resumedAt.headers[MediaUploadController.uploadOffset] == String(first))

            let rest = try await store.sendChunk(recording.dropFirst(first), id: id, offset: first)
            #expect(rest.status == .ok, "\(rest.text)")
            let ready = MediaTesting.json(rest)
            #expect(ready["state"]?.stringValue == "ready")
            #expect(ready["contentType"]?.stringValue == "audio/mpeg")
            #expect(ready["kind"]?.stringValue == "audio")
            #expect(ready["sha256"]?.stringValue == MediaTesting.sha256(recording))
            #expect(ready["url"]?.stringValue?.hasSuffix("/Sunday-sermon.mp3") == true, "\(ready)")

            // Declared again by a console that retries: the same item, no second one.
            let redeclared = try await store.declareMedia(recording, id: id, fileName: "Sunday sermon.mp3")
            #expect(redeclared.status == .ok)
            #expect(MediaTesting.json(redeclared)["state"]?.stringValue == "ready")
            let listed = MediaTesting.json(try await store.request(.get, store.mediaPath, token: store.staffTokens[.viewer]))
            #expect(listed["items"]?.arrayValue?.count == 1)
            // Other content under the same id is refused.
            let other = try await store.declareMedia(MediaSamples.pdf, id: id, fileName: "Sunday sermon.mp3")
            #expect(other.status == .conflict)
        }
    }

    @Test("a program renamed .jpg is refused at its first chunk, saying what it is; nothing is kept",
          arguments: Backend.available, MediaStorageKind.available)
    func programRefused(backend: Backend, storage kind: MediaStorageKind) async throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        try await TestStore.with(backend, configuration: MediaTesting.configuration(storage: storage)) { store in
            let program = MediaSamples.program()
            let id = UUID().uuidString.lowercased()
            let answer = try await store.uploadMedia(program, id: id, fileName: "holiday.jpg")
            #expect(answer.status == .unsupportedMediaType, "\(answer.text)")
            #expect(answer.errorBody?.error == MediaHTTPError.refused)
            #expect(answer.errorBody?.message.contains("a program") == true, "\(answer.text)")
            let gone = try await store.request(.get, "\(store.mediaPath)/\(id)", token: store.staffTokens[.viewer])
            #expect(gone.status == .notFound)
            #expect(try await MediaStorageKind.stored(in: storage, prefix: "\(store.org)/\(id)/").isEmpty)
            let svg = try await store.uploadMedia(MediaSamples.svg, fileName: "logo.svg")
            #expect(svg.status == .unsupportedMediaType)
            #expect(svg.errorBody?.message.contains("SVG") == true)
        }
    }

    @Test("a file past its kind's limit and an organization past its total are refused with the numbers",
          arguments: Backend.available)
    func limits(backend: Backend) async throws {
        var limits = MediaLimits.standard
        limits.image = 1_000
        limits.organization = 60_000
        try await TestStore.with(backend, configuration: MediaTesting.configuration(limits: limits)) { store in
            let photo = MediaSamples.jpeg(width: 200, height: 200)
            #expect(photo.count > 1_000)
            let large = try await store.uploadMedia(photo, fileName: "photo.jpg")
            #expect(large.status == .contentTooLarge, "\(large.text)")
            #expect(large.errorBody?.error == MediaHTTPError.tooLarge)
            #expect(large.errorBody?.message.contains("allowed for image files") == true, "\(large.text)")

            let recording = MediaSamples.mp3(frames: 100)
            _ = try await store.uploadMediaOK(recording, fileName: "a.mp3")
            let over = try await store.declareMedia(MediaSamples.mp3(frames: 60), fileName: "b.mp3")
            #expect(over.status == .contentTooLarge, "\(over.text)")
            #expect(over.errorBody?.error == MediaHTTPError.overQuota)
            #expect(over.errorBody?.message.contains("60 kB") == true, "\(over.text)")

            let usage = MediaTesting.json(try await store.request(.get, "\(store.mediaPath)/usage", token: store.staffTokens[.viewer]))
            #expect(usage["usedBytes"]?.int64Value == Int64(recording.count))
            #expect(usage["limits"]?["organization"]?.int64Value == 60_000)
            #expect(usage["limits"]?["image"]?.int64Value == 1_000)
        }
    }

    @Test("bytes that are not the declared file start the upload over",
          arguments: Backend.available, MediaStorageKind.available)
    func checksum(backend: Backend, storage kind: MediaStorageKind) async throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        try await TestStore.with(backend, configuration: MediaTesting.configuration(storage: storage)) { store in
            let pdf = MediaSamples.pdf
            let id = UUID().uuidString.lowercased()
            _ = try await store.declareMedia(pdf, id: id, fileName: "bulletin.pdf",
                                             sha256: String(repeating: "ab", count: 32))
            let answer = try await store.sendChunk(pdf, id: id, offset: 0)
            #expect(answer.status == .unprocessableContent, "\(answer.text)")
            #expect(answer.errorBody?.error == MediaHTTPError.checksumMismatch)
            let head = try await store.request(.head, "\(store.mediaPath)/\(id)", token: store.staffTokens[.editor])
            #expect(head.headers[MediaUploadController.uploadOffset] == "0")
            #expect(try await MediaStorageKind.stored(in: storage, prefix: "\(store.org)/\(id)/").isEmpty)
        }
    }

    @Test("viewers read the library but cannot upload; members cannot reach it", arguments: Backend.available)
    func roles(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let viewer = try await store.declareMedia(MediaSamples.pdf, fileName: "x.pdf", token: store.staffTokens[.viewer])
            #expect(viewer.status == .forbidden)
            let reader = try await store.declareMedia(MediaSamples.pdf, fileName: "x.pdf", token: store.reader)
            #expect(reader.status == .forbidden)
            let foreign = try await store.request(.get, store.mediaPath, token: store.foreignStaffTokens[.admin])
            #expect(foreign.status == .forbidden)
        }
    }
}
