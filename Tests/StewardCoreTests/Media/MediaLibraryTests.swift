import Crypto
import Foundation
import MediaTestSamples
import StewardMedia
import Testing
@testable import StewardCore

/// Files are checked on the way in as the store checks them, images cleaned before anything
/// leaves the machine, and nothing is kept of a refused file.
@Suite("Media library: adding, checking and cleaning")
struct MediaLibraryTests {
    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    @Test("a phone's JPEG is kept without its EXIF GPS position, its SHA-256 that of the bytes kept")
    func exifRemoved() async throws {
        let f = try await MediaFixture()
        let original = MediaSamples.jpegWithExif(width: 64, height: 48)
        #expect(MediaSamples.contains(original, MediaSamples.gpsMarker))
        let item = try await f.add("beach.jpg", original)
        #expect(item.kind == .image)
        #expect(item.contentType == "image/jpeg")
        #expect(item.fileName == "beach.jpg")
        let kept = try Data(contentsOf: f.library.fileURL(of: item)!)
        #expect(!MediaSamples.contains(kept, MediaSamples.gpsMarker))
        #expect(!MediaSamples.contains(kept, MediaSamples.commentMarker))
        #expect(!MediaSamples.contains(kept, Data("Exif".utf8)))
        #expect(item.size == Int64(kept.count))
        #expect(item.sha256 == Self.sha256(kept))
        #expect(item.width != nil && item.height != nil)
        #expect(item.url == nil)
        #expect(try await f.library.item(item.id, in: f.org) == item)
    }

    @Test("audio and PDFs are kept byte for byte, with the running time read from the file")
    func keptAsGiven() async throws {
        let f = try await MediaFixture(duration: 95.4)
        let mp3 = MediaSamples.mp3()
        let item = try await f.add("advent-1.mp3", mp3)
        #expect(item.kind == .audio)
        #expect(item.contentType == "audio/mpeg")
        #expect(item.size == Int64(mp3.count))
        #expect(item.sha256 == Self.sha256(mp3))
        #expect(item.durationSeconds == 95.4)
        #expect(try Data(contentsOf: f.library.fileURL(of: item)!) == mp3)
        let pdf = try await f.add("order.pdf", MediaSamples.pdf)
        #expect(pdf.kind == .pdf)
        #expect(pdf.durationSeconds == nil)
    }

    @Test("a program renamed .jpg is refused as a program, and nothing is kept")
    func programRefused() async throws {
        let f = try await MediaFixture()
        await #expect {
            try await f.add("holiday.jpg", MediaSamples.program())
        } throws: { error in
            guard case MediaLibraryError.refused(let name, .notAccepted)? = error as? MediaLibraryError else { return false }
            return name == "holiday.jpg" && "\(error)".contains("program")
        }
        #expect(try await f.rowCount() == 0)
        #expect(f.keptFiles().isEmpty)
    }

    @Test("a file of a kind the field does not take is refused naming both kinds, and nothing is kept")
    func wrongKindForField() async throws {
        let f = try await MediaFixture()
        let recording = try f.file("sermon.mp3", MediaSamples.mp3())
        await #expect(throws: MediaLibraryError.wrongKind(fileName: "sermon.mp3", kind: .audio, accepted: [.image])) {
            try await f.library.add(recording, to: f.org, accepting: [.image])
        }
        let reason = MediaLibraryError.wrongKind(fileName: "sermon.mp3", kind: .audio, accepted: [.image]).description
        #expect(reason.hasPrefix("sermon.mp3 is of kind audio") && reason.hasSuffix("this field takes image"))
        #expect(try await f.rowCount() == 0)
        #expect(f.keptFiles().isEmpty)
        // The kinds it takes are added as ever.
        let photo = try f.file("beach.jpg", MediaSamples.jpegWithExif(width: 64, height: 48))
        #expect(try await f.library.add(photo, to: f.org, accepting: [.image]).kind == .image)
    }

    @Test("a script and an SVG are refused whatever their names")
    func scriptsRefused() async throws {
        let f = try await MediaFixture()
        await #expect(throws: MediaLibraryError.self) { try await f.add("photo.png", Data("#!/bin/sh\nrm -rf ~\n".utf8)) }
        await #expect(throws: MediaLibraryError.refused(fileName: "logo.png", .svg)) { try await f.add("logo.png", MediaSamples.svg) }
        #expect(try await f.rowCount() == 0)
        #expect(f.keptFiles().isEmpty)
    }

    @Test("a file past its kind's limit is refused saying the limit")
    func kindLimit() async throws {
        var limits = MediaLimits.standard
        limits.audio = 1_000
        let f = try await MediaFixture(limits: limits)
        await #expect {
            try await f.add("long.mp3", MediaSamples.mp3(frames: 40))
        } throws: { error in
            guard case MediaLibraryError.refused(_, .tooLarge(_, _, let limit))? = error as? MediaLibraryError else { return false }
            return limit == 1_000 && "\(error)".contains("1 kB")
        }
        #expect(try await f.rowCount() == 0)
    }

    @Test("the organization's total counts the items not removed; past it a file is refused saying what is used")
    func quota() async throws {
        var limits = MediaLimits.standard
        let pdfSize = Int64(MediaSamples.pdf.count)
        limits.organization = pdfSize * 2
        let f = try await MediaFixture(limits: limits)
        let first = try await f.add("a.pdf", MediaSamples.pdf)
        _ = try await f.add("b.pdf", MediaSamples.pdf)
        #expect(try await f.library.usage(f.org).used == pdfSize * 2)
        await #expect {
            try await f.add("c.pdf", MediaSamples.pdf)
        } throws: { error in
            guard case MediaLibraryError.refused(_, .overQuota(_, let used, _))? = error as? MediaLibraryError else { return false }
            return used == pdfSize * 2
        }
        #expect(try await f.rowCount() == 2)
        #expect(f.keptFiles().count == 2)
        try await f.library.remove(first.id, in: f.org)
        #expect(try await f.library.usage(f.org).used == pdfSize)
        _ = try await f.add("c.pdf", MediaSamples.pdf)
    }

    @Test("a missing file is reported by its path")
    func missingFile() async throws {
        let f = try await MediaFixture()
        await #expect(throws: MediaLibraryError.self) {
            try await f.library.add(f.inbox.appendingPathComponent("nothing.jpg"), to: f.org)
        }
    }

    @Test("the list is by kind and name, newest first, without removed items")
    func listing() async throws {
        let f = try await MediaFixture()
        let song = try await f.add("Advent Hymn.mp3", MediaSamples.mp3())
        let photo = try await f.add("choir.png", MediaSamples.png(width: 8, height: 8))
        let pdf = try await f.add("order.pdf", MediaSamples.pdf)
        #expect(Set(try await f.library.list(f.org).map(\.id)) == [song.id, photo.id, pdf.id])
        #expect(try await f.library.list(f.org, kind: .audio).map(\.id) == [song.id])
        #expect(try await f.library.list(f.org, search: "hymn").map(\.id) == [song.id])
        #expect(try await f.library.list(f.org, search: "100%").isEmpty)
        try await f.library.remove(pdf.id, in: f.org)
        #expect(Set(try await f.library.list(f.org).map(\.id)) == [song.id, photo.id])
        // Removed before it was ever uploaded: nothing to tell the store, and the file is gone.
        #expect(!FileManager.default.fileExists(atPath: f.library.fileURL(of: pdf)!.path))
        #expect(try await f.library.waitingRemovals(orgId: f.org.id).isEmpty)
    }
}
