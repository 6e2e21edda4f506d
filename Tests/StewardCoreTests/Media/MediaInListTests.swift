import Foundation
import MediaTestSamples
import StewardMedia
import Testing
@testable import StewardCore

/// A media field of a list's items (a profile banner's image) is a media field like any
/// other: checked against the library, naming the item at fault; a use of its file; repointed
/// when the file is replaced.
@Suite("Media fields inside list items")
struct MediaInListTests {
    static func banner(_ title: String, image: String) -> JSONValue {
        .object(["title": .string(title), "image": .string(image)])
    }

    static func profile(_ f: MediaFixture, banners: [JSONValue]) async throws -> LocalRecord {
        try await RecordService(database: f.database).create(.profile, fields: .object([
            "displayName": .string("Grace Community Church"), "banners": .array(banners),
        ]), in: f.org)
    }

    @Test("the profile's banners' image is a place of the library, beside the logo")
    func places() {
        let places = RecordType.profile.mediaPlaces
        #expect(places.map(\.field.name) == ["logo", "banners"])
        #expect(places.map(\.mediaField.name) == ["logo", "image"])
        #expect(places.last?.kinds == [.image])
        let fields: JSONValue = .object(["banners": .array([
            Self.banner("Typed", image: "https://grace.example.org/a.jpg"),
            Self.banner("Library", image: "8d1c3f7e-5b7a-4f43-9c53-2f4a1d6e9b10"),
        ])])
        #expect(places.last?.items(in: fields).map(\.item) == [2])
    }

    @Test("a banner naming an unknown or removed file, or a recording, is refused naming the banners and the item")
    func checked() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("advent.png", MediaSamples.png(width: 24, height: 8))
        let song = try await f.add("advent-1.mp3", MediaSamples.mp3())
        let unknown = UUID().uuidString.lowercased()
        await #expect {
            _ = try await Self.profile(f, banners: [Self.banner("One", image: photo.key), Self.banner("Two", image: unknown)])
        } throws: { error in
            let message = MediaFieldTests.refusal(error, field: "banners") ?? ""
            return message.hasPrefix(ListItemIssue.message(item: 2, "Image ")) && message.contains("media library")
        }
        await #expect {
            _ = try await Self.profile(f, banners: [Self.banner("One", image: song.key)])
        } throws: { error in
            let message = MediaFieldTests.refusal(error, field: "banners") ?? ""
            return message.hasPrefix(ListItemIssue.message(item: 1, "Image ")) && message.contains("advent-1.mp3 is of kind audio")
        }
        let record = try await Self.profile(f, banners: [Self.banner("One", image: photo.key)])
        #expect(record["banners"]?.arrayValue?.first?["image"] == .string(photo.key))
        // Once the file is removed, naming it again is refused too.
        let other = try await f.add("other.png", MediaSamples.png(width: 9, height: 3))
        try await f.library.remove(other.id, in: f.org)
        await #expect {
            _ = try await RecordService(database: f.database).update(.profile, id: record.id, changes: [
                "banners": .array([Self.banner("One", image: photo.key), Self.banner("Two", image: other.key)]),
            ], in: f.org)
        } throws: { error in
            MediaFieldTests.refusal(error, field: "banners")?.hasPrefix(ListItemIssue.message(item: 2, "Image ")) == true
        }
    }

    @Test("a profile whose banner uses a file is a use of it, once however many banners do: the file stays")
    func used() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("advent.png", MediaSamples.png(width: 24, height: 8))
        let free = try await f.add("free.png", MediaSamples.png(width: 24, height: 8))
        let profile = try await Self.profile(f, banners: [
            Self.banner("One", image: photo.key), Self.banner("Typed", image: "https://grace.example.org/b.jpg"),
            Self.banner("Again", image: photo.key),
        ])
        let uses = try await f.library.usedBy(photo)
        #expect(uses == [MediaUse(entity: "profile", id: profile.id, title: "Grace Community Church", field: "banners",
                                  itemField: "image")])
        #expect(try await f.library.usedBy(free).isEmpty)
        await #expect {
            try await f.library.remove(photo.id, in: f.org)
        } throws: { error in
            guard case MediaLibraryError.inUse(_, let named)? = error as? MediaLibraryError else { return false }
            return named == uses
        }
        _ = try await RecordService(database: f.database).update(.profile, id: profile.id, changes: [
            "banners": .array([Self.banner("Typed", image: "https://grace.example.org/b.jpg")]),
        ], in: f.org)
        #expect(try await f.library.usedBy(photo).isEmpty)
    }

    @Test("replacing a banner's file repoints the banners naming it, the others kept")
    func replaced() async throws {
        let f = try await MediaFixture()
        let old = try await f.add("advent.png", MediaSamples.png(width: 24, height: 8))
        let kept = try await f.add("kept.png", MediaSamples.png(width: 24, height: 8))
        let profile = try await Self.profile(f, banners: [
            Self.banner("One", image: old.key), Self.banner("Kept", image: kept.key), Self.banner("Again", image: old.key),
        ])
        let done = try await f.library.replace(old.id, with: try f.file("advent-2.jpg", MediaSamples.jpeg(width: 24, height: 8)),
                                               in: f.org)
        #expect(done.repointed.map(\.id) == [profile.id])
        let banners = try await RecordService(database: f.database).record(.profile, id: profile.id, in: f.org)?
            .fields["banners"]?.arrayValue ?? []
        #expect(banners.map { $0["image"]?.stringValue } == [done.added.key, kept.key, done.added.key])
        #expect(banners.map { $0["title"]?.stringValue } == ["One", "Kept", "Again"])
    }
}
