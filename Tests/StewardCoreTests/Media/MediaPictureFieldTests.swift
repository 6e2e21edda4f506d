import Foundation
import MediaTestSamples
import StewardMedia
import Testing
@testable import StewardCore

/// An event's image, a book's cover and a series' artwork became media fields that keep
/// taking the plain http addresses they took before; every other media field stays https-only.
@Suite("Pictures that took addresses, as media fields")
struct MediaPictureFieldTests {
    static func refusal(_ error: any Error, field: String) -> String? {
        (error as? ValidationError)?.issues.first { $0.field == field }?.message
    }

    @Test("they read an id, an https or an http address; the others still refuse plain http")
    func plainHTTPStaysValid() throws {
        let id = UUID()
        for (type, name) in [(RecordType.event, "imageURL"), (.book, "coverURL"), (.series, "artworkURL")] {
            let spec = try #require(type.field(name))
            guard case .media(let kinds, let httpsOnly) = spec.kind else {
                Issue.record("\(type.entity).\(name) is no media field")
                continue
            }
            #expect(kinds == [.image] && !httpsOnly)
            #expect(try spec.parse(.string(id.uuidString), zone: .gmt) == .string(id.uuidString.lowercased()))
            #expect(try spec.parse(.string("http://example.org/a.jpg"), zone: .gmt) == .string("http://example.org/a.jpg"))
            #expect(try spec.parse(.string("https://example.org/a.jpg"), zone: .gmt) == .string("https://example.org/a.jpg"))
            #expect(throws: FieldError.self) { try spec.parse(.string("ftp://example.org/a.jpg"), zone: .gmt) }
            #expect(MediaFieldValue(stored: .string("http://example.org/a.jpg")) == .address("http://example.org/a.jpg"))
        }
        // Submissions carry the event's fields, its image with them.
        #expect(RecordType.submission.field("imageURL")?.kind.valueName == "media-id|url")
        for type in RecordTypes.all where !["event", "submission", "book", "series"].contains(type.entity) {
            for place in type.mediaPlaces {
                #expect(throws: FieldError.self, "\(type.entity).\(place.mediaField.name) takes plain http") {
                    try place.mediaField.parse(.string("http://example.org/a.jpg"), zone: .gmt)
                }
            }
        }
        let podcast = try #require(RecordType.podcast.field("artworkURL"))
        guard case .media(let kinds, let httpsOnly) = podcast.kind else { Issue.record("podcast artwork is no media field"); return }
        #expect(kinds == [.image] && httpsOnly)
    }

    @Test("an event takes an image of the library: used by it, not removed while it is")
    func eventImage() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("potluck.jpg", MediaSamples.jpeg(width: 16, height: 16))
        var form = EventForm.timed("Potluck")
        form.imageURL = photo.key.uppercased()
        let event = try await f.base.events.create(form, in: f.org)
        #expect(event.details.imageURL == photo.key)
        let uses = try await f.library.usedBy(photo)
        #expect(uses == [MediaUse(entity: "event", id: event.id, title: "Potluck", field: "imageURL")])
        await #expect {
            try await f.library.remove(photo.id, in: f.org)
        } throws: { error in
            guard case MediaLibraryError.inUse(_, let named)? = error as? MediaLibraryError else { return false }
            return named == uses && "\(error)".contains("\"Potluck\"")
        }
        // A plain http address, as before.
        form.imageURL = "http://example.org/old.jpg"
        let updated = try await f.base.events.update(event.id, with: form, in: f.org)
        #expect(updated.details.imageURL == "http://example.org/old.jpg")
        #expect(try await f.library.usedBy(photo).isEmpty)
    }

    @Test("an event's image that is no live image of the organization is refused, naming the field, and nothing is kept")
    func eventImageRefused() async throws {
        let f = try await MediaFixture()
        let song = try await f.add("song.mp3", MediaSamples.mp3())
        let gone = try await f.add("gone.png", MediaSamples.png(width: 8, height: 8))
        try await f.library.remove(gone.id, in: f.org)
        let other = try await OrganizationService(database: f.database)
            .add(slug: "riverton", name: "Riverton", timeZone: "America/Chicago", kind: .church)
        let theirs = try await f.library.add(try f.file("theirs.png", MediaSamples.png(width: 8, height: 8)), to: other)
        for (value, says) in [(song.key, "song.mp3 is of kind audio"), (gone.key, "media library"),
                              (theirs.key, "media library"), (UUID().uuidString, "media library")] {
            var form = EventForm.timed("Potluck")
            form.imageURL = value
            await #expect {
                _ = try await f.base.events.create(form, in: f.org)
            } throws: { error in
                Self.refusal(error, field: "image-url")?.contains(says) == true
            }
        }
        #expect(try await f.base.eventCount() == 0)
    }

    @Test("a book's cover and a series' artwork take images of the library")
    func bookAndSeries() async throws {
        let f = try await MediaFixture()
        let photo = try await f.add("cover.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let book = try await service.create(.book, fields: .object(["title": .string("Gilead"), "coverURL": .string(photo.key)]), in: f.org)
        let series = try await service.create(.series, fields: .object(["title": .string("Advent"), "artworkURL": .string(photo.key)]),
                                              in: f.org)
        let old = try await service.create(.series, fields: .object(["title": .string("Lent"),
                                                                     "artworkURL": .string("http://example.org/lent.jpg")]), in: f.org)
        #expect(old["artworkURL"] == .string("http://example.org/lent.jpg"))
        let uses = try await f.library.usedBy(photo)
        #expect(Set(uses.map(\.id)) == [book.id, series.id])
        #expect(Set(uses.map(\.field)) == ["coverURL", "artworkURL"])
        let song = try await f.add("song.mp3", MediaSamples.mp3())
        await #expect {
            _ = try await service.create(.book, fields: .object(["title": .string("Home"), "coverURL": .string(song.key)]), in: f.org)
        } throws: { error in
            Self.refusal(error, field: "cover-url")?.contains("song.mp3") == true
        }
    }
}
