import Foundation
import MediaTestSamples
import StewardMedia
import Testing

/// Images are decoded and encoded again: what the camera wrote beside the pixels (the GPS
/// position above all) does not survive, the picture is turned as the camera meant, and the
/// renditions never enlarge it.
@Suite("Images cleaned of their metadata")
struct ImageCleanerTests {
    @Test("a phone's JPEG comes back turned upright with no Exif, GPS or comment bytes")
    func exifRemoved() throws {
        let original = MediaSamples.jpegWithExif(width: 40, height: 20)
        #expect(MediaSamples.contains(original, MediaSamples.gpsMarker))
        #expect(MediaSamples.contains(original, Data("Exif".utf8)))
        let cleaned = try ImageCleaner.clean(original, type: .jpeg)
        let bytes = cleaned.full.data
        #expect(cleaned.full.type == .jpeg)
        #expect(!MediaSamples.contains(bytes, MediaSamples.gpsMarker))
        #expect(!MediaSamples.contains(bytes, Data("Exif".utf8)))
        #expect(!MediaSamples.contains(bytes, MediaSamples.commentMarker))
        // Orientation 6: the 40×20 sensor image is shown 20×40.
        #expect(cleaned.full.width == 20 && cleaned.full.height == 40)
        #expect(ContentSniffer.accept(head: bytes) == .success(.jpeg))
        #expect(cleaned.renditions.isEmpty, "a small image has no rendition: it is its own thumbnail")
    }

    @Test("renditions fit 320 px and 1280 px wide, never enlarged")
    func renditions() throws {
        let cleaned = try ImageCleaner.clean(MediaSamples.png(width: 2000, height: 1000), type: .png)
        #expect(cleaned.full.type == .jpeg, "an opaque PNG is served as JPEG")
        #expect(cleaned.full.width == 2000 && cleaned.full.height == 1000)
        #expect(cleaned.renditions[.thumb].map { [$0.width, $0.height] } == [320, 160])
        #expect(cleaned.renditions[.w1280].map { [$0.width, $0.height] } == [1280, 640])
        let medium = try ImageCleaner.clean(MediaSamples.jpeg(width: 800, height: 600), type: .jpeg)
        #expect(medium.renditions[.w1280] == nil)
        #expect(medium.renditions[.thumb].map { [$0.width, $0.height] } == [320, 240])
    }

    @Test("an image with transparency stays PNG")
    func alphaKept() throws {
        let cleaned = try ImageCleaner.clean(MediaSamples.png(width: 30, height: 30, alpha: true), type: .png)
        #expect(cleaned.full.type == .png)
        #expect(ContentSniffer.accept(head: cleaned.full.data) == .success(.png))
    }

    @Test("more pixels than allowed is refused from the header; bytes that do not decode are refused")
    func refusals() {
        var limits = MediaLimits.standard
        limits.imagePixels = 100
        #expect(Self.refusal(MediaSamples.png(width: 20, height: 20), type: .png, limits: limits)
            == .tooManyPixels(width: 20, height: 20, limit: 100))
        let broken = MediaSamples.jpeg(width: 10, height: 10).prefix(40)
        let refusal = Self.refusal(Data(broken), type: .jpeg, limits: .standard)
        #expect(refusal.map { if case .unreadableImage = $0 { true } else { false } } == true, "\(String(describing: refusal))")
    }

    static func refusal(_ data: Data, type: MediaType, limits: MediaLimits) -> MediaRefusal? {
        do {
            _ = try ImageCleaner.clean(data, type: type, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}
