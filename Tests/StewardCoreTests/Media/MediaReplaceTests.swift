import Foundation
import MediaTestSamples
import StewardMedia
import Testing
@testable import StewardCore

/// Replacing a file: the records naming it name the new one (and go to the store as edits),
/// the old one is removed; a refused file changes nothing.
@Suite("Media library: replacing a file")
struct MediaReplaceTests {
    @Test("the records using the old file name the new one, each written as an edit, and the old file is removed")
    func replaceRepoints() async throws {
        let f = try await MediaFixture()
        let old = try await f.add("advent.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let bulletin = try await service.create(.bulletin, fields: .object([
            "title": .string("Advent 2"), "date": .string("2026-12-06"), "headerImage": .string(old.key),
        ]), in: f.org)
        let prize = try await service.create(.prize, fields: .object(["name": .string("Star"), "imageURL": .string(old.key)]), in: f.org)
        let outboxBefore = try await f.base.outboxCount()

        let done = try await f.library.replace(old.id, with: try f.file("advent-new.png", MediaSamples.png(width: 8, height: 8)), in: f.org)

        #expect(done.added.fileName == "advent-new.png")
        #expect(done.removed.id == old.id && done.removed.isRemoved)
        #expect(Set(done.repointed.map(\.id)) == [bulletin.id, prize.id])
        #expect(try await service.record(.bulletin, id: bulletin.id, in: f.org)?.fields["headerImage"]?.stringValue == done.added.key)
        #expect(try await service.record(.prize, id: prize.id, in: f.org)?.fields["imageURL"]?.stringValue == done.added.key)
        #expect(try await f.base.outboxCount() > outboxBefore, "the repointed records are changes to send")
        #expect(try await f.library.usedBy(old).isEmpty)
        #expect(Set(try await f.library.usedBy(done.added).map(\.id)) == [bulletin.id, prize.id])
        #expect(try await f.library.list(f.org).map(\.id) == [done.added.id])
        #expect(f.keptFiles().count == 1, "the old copy, never uploaded, is deleted")
    }

    @Test("an event's image is repointed too, and the event read back names the new file")
    func replaceRepointsAnEvent() async throws {
        let f = try await MediaFixture()
        let old = try await f.add("potluck.jpg", MediaSamples.jpeg(width: 16, height: 16))
        var form = EventForm.timed("Potluck")
        form.imageURL = old.key
        let event = try await f.base.events.create(form, in: f.org)
        let done = try await f.library.replace(old.id, with: try f.file("potluck-2.png", MediaSamples.png(width: 8, height: 8)), in: f.org)
        #expect(done.repointed.map(\.id) == [event.id])
        #expect(try await f.base.events.event(id: event.id)?.details.imageURL == done.added.key)
        #expect(try await f.library.usedBy(old).isEmpty)
    }

    @Test("a refused file changes nothing: the records keep the old file, which stays")
    func refusedReplacementChangesNothing() async throws {
        let f = try await MediaFixture()
        let old = try await f.add("advent.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let bulletin = try await service.create(.bulletin, fields: .object([
            "title": .string("Advent 2"), "date": .string("2026-12-06"), "headerImage": .string(old.key),
        ]), in: f.org)
        await #expect(throws: MediaLibraryError.self) {
            try await f.library.replace(old.id, with: try f.file("evil.jpg", MediaSamples.program()), in: f.org)
        }
        #expect(try await service.record(.bulletin, id: bulletin.id, in: f.org)?.fields["headerImage"]?.stringValue == old.key)
        #expect(try await f.rowCount() == 1)
        #expect(try await f.library.item(old.id, in: f.org)?.isRemoved == false)
    }

    @Test("a file the records' fields do not take (a recording for a header image) changes nothing")
    func wrongKindForAFieldChangesNothing() async throws {
        let f = try await MediaFixture()
        let old = try await f.add("advent.jpg", MediaSamples.jpeg(width: 16, height: 16))
        let service = RecordService(database: f.database)
        let bulletin = try await service.create(.bulletin, fields: .object([
            "title": .string("Advent 2"), "date": .string("2026-12-06"), "headerImage": .string(old.key),
        ]), in: f.org)
        await #expect(throws: (any Error).self) {
            try await f.library.replace(old.id, with: try f.file("song.mp3", MediaSamples.mp3()), in: f.org)
        }
        #expect(try await service.record(.bulletin, id: bulletin.id, in: f.org)?.fields["headerImage"]?.stringValue == old.key)
        #expect(try await f.rowCount() == 1, "the new copy's row is gone")
        #expect(f.keptFiles().count == 1, "the new copy's file is gone")
    }
}
