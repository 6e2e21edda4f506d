import Foundation
import MediaTestSamples
import StewardMedia
import Testing
@testable import StewardCore

/// Media fields on the kit: a library item of an accepted kind or an https address; a message
/// given a recording fills its size, type and running time; an item in use stays.
@Suite("Media fields, usage and removal")
struct MediaFieldTests {
    static func message(_ f: MediaFixture, _ title: String, audio: String?) async throws -> LocalRecord {
        var fields: [String: JSONValue] = ["title": .string(title), "preachedOn": .string("2026-12-06")]
        if let audio { fields["audio"] = .string(audio) }
        return try await RecordService(database: f.database).create(.message, fields: .object(fields), in: f.org)
    }

    static func refusal(_ error: any Error, field: String) -> String? {
        (error as? ValidationError)?.issues.first { $0.field == field }?.message
    }

    @Test("the kind reads an item id or an https address, and nothing else")
    func parsing() throws {
        let spec = try #require(RecordType.message.field("audio"))
        let id = UUID()
        #expect(try spec.parse(.string(" \(id.uuidString) "), zone: .gmt) == .string(id.uuidString.lowercased()))
        #expect(try spec.parse(.string("https://cdn.example.org/a.mp3"), zone: .gmt) == .string("https://cdn.example.org/a.mp3"))
        #expect(try spec.parse(.null, zone: .gmt) == .null)
        for wrong in ["http://example.org/a.mp3", "advent.mp3", "https://", "12"] {
            #expect(throws: FieldError.self) { try spec.parse(.string(wrong), zone: .gmt) }
        }
        #expect(spec.kind.valueName == "media-id|url")
    }

    @Test("a message given a recording fills its size, type and running time")
    func messageAudioFilled() async throws {
        let f = try await MediaFixture(duration: 2292.6)
        let song = try await f.add("advent-1.mp3", MediaSamples.mp3())
        let message = try await Self.message(f, "Waiting Well", audio: song.key.uppercased())
        #expect(message["audio"] == .string(song.key))
        #expect(message["audioBytes"] == .int(song.size))
        #expect(message["audioType"] == .string("audio/mpeg"))
        #expect(message["duration"] == .int(2293))
        // An update keeps them with the item.
        let service = RecordService(database: f.database)
        let renamed = try await service.update(.message, id: message.id, changes: ["title": .string("Waiting Well (2)")], in: f.org)
        #expect(renamed["audioBytes"] == .int(song.size))
    }

    @Test("a media id must name a file of the organization's library of a kind the field takes")
    func validated() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("choir.png", MediaSamples.png(width: 8, height: 8))
        await #expect {
            _ = try await Self.message(f, "Unknown", audio: UUID().uuidString)
        } throws: { error in
            Self.refusal(error, field: "audio")?.contains("media library") == true
        }
        await #expect {
            _ = try await Self.message(f, "A photo", audio: photo.key)
        } throws: { error in
            Self.refusal(error, field: "audio")?.contains("choir.png is of kind image") == true
        }
        // Another organization's file is as unknown as none.
        let other = try await OrganizationService(database: f.database)
            .add(slug: "riverton", name: "Riverton", timeZone: "America/Chicago", kind: .church)
        let theirs = try await f.library.add(try f.file("theirs.mp3", MediaSamples.mp3()), to: other)
        await #expect(throws: ValidationError.self) { _ = try await Self.message(f, "Theirs", audio: theirs.key) }
        // An address, as before the library.
        let typed = try await RecordService(database: f.database).create(.message, fields: .object([
            "title": .string("Linked"), "preachedOn": .string("2026-12-06"), "audio": .string("https://cdn.example.org/a.mp3"),
        ]), in: f.org)
        #expect(typed["audio"] == .string("https://cdn.example.org/a.mp3"))
        #expect(try await f.rowCount() == 2)
    }

    @Test("prizes' and trainers' pictures take images from the library, and addresses still read")
    func pictures() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("pass.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let prize = try await service.create(.prize, fields: .object(["name": .string("Pool Pass"), "imageURL": .string(photo.key)]), in: f.org)
        #expect(prize["imageURL"] == .string(photo.key))
        let linked = try await service.create(.prize, fields: .object(["name": .string("Mug"), "imageURL": .string("https://example.org/mug.jpg")]),
                                              in: f.org)
        #expect(linked["imageURL"] == .string("https://example.org/mug.jpg"))
        let song = try await f.add("song.mp3", MediaSamples.mp3())
        await #expect {
            _ = try await service.create(.trainer, fields: .object(["name": .string("Sam"), "photoURL": .string(song.key)]), in: f.org)
        } throws: { error in
            Self.refusal(error, field: "photo-url")?.contains("song.mp3") == true
        }
        let sam = try await service.create(.trainer, fields: .object(["name": .string("Sam"), "photoURL": .string(photo.key)]), in: f.org)
        #expect(Set(try await f.library.usedBy(photo).map(\.id)) == [prize.id, sam.id])
    }

    @Test("a bulletin's header, a pin's picture and a message's video thumbnail take images; records without them stay as they were")
    func newImageFields() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("advent.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let bulletin = try await service.create(.bulletin, fields: .object([
            "title": .string("Advent 2"), "date": .string("2026-12-06"), "headerImage": .string(photo.key),
        ]), in: f.org)
        let plain = try await service.create(.bulletin, fields: .object(["title": .string("Plain"), "date": .string("2026-12-13")]),
                                             in: f.org)
        #expect(plain.fields["headerImage"] == nil, "left out while empty")
        let message = try await service.create(.message, fields: .object([
            "title": .string("Waiting Well"), "preachedOn": .string("2026-12-06"), "videoThumbnail": .string(photo.key),
        ]), in: f.org)
        #expect(message.fields["audio"] == nil, "left out while empty")
        let uses = try await f.library.usedBy(photo)
        #expect(Set(uses.map(\.id)) == [bulletin.id, message.id])
        #expect(Set(uses.map(\.field)) == ["headerImage", "videoThumbnail"])
        #expect(RecordType.mapPin.mediaPlaces.map(\.field.name) == ["picture"])
    }

    @Test("an item in use is not removed, the refusal naming the records; once free it goes")
    func removalRefusedWhileUsed() async throws {
        let f = try await MediaFixture()
        let song = try await f.add("advent-1.mp3", MediaSamples.mp3())
        let message = try await Self.message(f, "Waiting Well", audio: song.key)
        let uses = try await f.library.usedBy(song)
        #expect(uses == [MediaUse(entity: "message", id: message.id, title: "Waiting Well", field: "audio")])
        await #expect {
            try await f.library.remove(song.id, in: f.org)
        } throws: { error in
            guard case MediaLibraryError.inUse(_, let named)? = error as? MediaLibraryError else { return false }
            return named == uses && "\(error)".contains("\"Waiting Well\"")
        }
        #expect(try await f.library.item(song.id, in: f.org)?.isRemoved == false)
        let service = RecordService(database: f.database)
        _ = try await service.update(.message, id: message.id, changes: ["audio": .null], in: f.org)
        #expect(try await f.library.usedBy(song).isEmpty)
        let removed = try await f.library.remove(song.id, in: f.org)
        #expect(removed.removedAt != nil)
        await #expect {
            try await f.library.remove(song.id, in: f.org)
        } throws: { error in
            guard case MediaLibraryError.removed(let item)? = error as? MediaLibraryError else { return false }
            return item.id == song.id && "\(error)".contains("removed already")
        }
        // A removed file can no longer be chosen.
        await #expect(throws: ValidationError.self) { _ = try await Self.message(f, "Again", audio: song.key) }
    }

    @Test("a deleted record no longer holds its file")
    func deletedRecordFreesIt() async throws {
        let f = try await MediaFixture()
        let song = try await f.add("advent-1.mp3", MediaSamples.mp3())
        let message = try await Self.message(f, "Waiting Well", audio: song.key)
        try await RecordService(database: f.database).delete(.message, id: message.id, in: f.org)
        #expect(try await f.library.usedBy(song).isEmpty)
    }
}

/// What the sync's upload step reads and records.
@Suite("Media upload queue")
struct MediaUploadQueueTests {
    @Test("items wait, oldest first, until uploaded; removals wait until the store is told")
    func queue() async throws {
        let f = try await MediaFixture()
        let first = try await f.add("a.pdf", MediaSamples.pdf)
        let second = try await f.add("b.mp3", MediaSamples.mp3())
        #expect(try await f.library.waitingUploads(orgId: f.org.id).map(\.id) == [first.id, second.id])
        #expect(FileManager.default.fileExists(atPath: f.library.fileURL(of: first)!.path))

        try await f.library.markUploaded(id: first.id, url: "https://store.example.org/media/abc/a.pdf")
        #expect(try await f.library.waitingUploads(orgId: f.org.id).map(\.id) == [second.id])
        let uploaded = try #require(try await f.library.item(first.id, in: f.org))
        #expect(uploaded.url == "https://store.example.org/media/abc/a.pdf")
        #expect(uploaded.uploadedAt != nil)

        try await f.library.remove(first.id, in: f.org)
        try await f.library.remove(second.id, in: f.org)
        // Only the uploaded one is the store's business; the other was never sent.
        #expect(try await f.library.waitingUploads(orgId: f.org.id).isEmpty)
        #expect(try await f.library.waitingRemovals(orgId: f.org.id).map(\.id) == [first.id])
        #expect(FileManager.default.fileExists(atPath: f.library.fileURL(of: first)!.path))
        try await f.library.markRemovalSent(id: first.id)
        #expect(try await f.library.waitingRemovals(orgId: f.org.id).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: f.library.fileURL(of: first)!.path))
        await #expect(throws: MediaLibraryError.notFound(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)) {
            try await f.library.markUploaded(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, url: "https://x.example/y")
        }
    }
}
