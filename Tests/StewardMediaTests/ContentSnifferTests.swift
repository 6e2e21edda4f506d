import Foundation
import MediaTestSamples
import StewardMedia
import Testing

/// The type comes from the bytes, never the name: what libmagic says a file is decides whether
/// the store takes it.
@Suite("Media types read from the content")
struct ContentSnifferTests {
    @Test("JPEG, PNG, MP3 and PDF are accepted as what they are")
    func accepted() {
        #expect(ContentSniffer.accept(head: MediaSamples.jpeg(width: 8, height: 8)) == .success(.jpeg))
        #expect(ContentSniffer.accept(head: MediaSamples.png(width: 8, height: 8)) == .success(.png))
        #expect(ContentSniffer.accept(head: MediaSamples.mp3()) == .success(.mp3))
        #expect(ContentSniffer.accept(head: MediaSamples.pdf) == .success(.pdf))
    }

    @Test("a program is refused, whatever its name, with a message saying what it is and what is accepted")
    func program() {
        let refusal = Self.refusal(MediaSamples.program())
        #expect(refusal.map { if case .notAccepted = $0 { true } else { false } } == true)
        let message = refusal?.description ?? ""
        #expect(message.contains("a program"), "\(message)")
        #expect(message.contains("JPEG, PNG or GIF images"), "\(message)")
    }

    @Test("SVG is refused by name, even without an XML declaration")
    func svg() {
        #expect(Self.refusal(MediaSamples.svg) == .svg)
        #expect(Self.refusal(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".utf8)) == .svg)
        #expect(Self.refusal(MediaSamples.svg)?.description.contains("SVG images are not accepted") == true)
    }

    @Test("web pages, archives and empty files are refused")
    func others() {
        #expect(Self.refusal(Data("<!DOCTYPE html><html><body>hi</body></html>".utf8)) == .notAccepted(sniffed: "text/html"))
        #expect(Self.refusal(Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: UInt8(0), count: 60))).map { "\($0)" }?
            .contains("not accepted") == true)
        #expect(Self.refusal(Data()) == .empty)
    }

    @Test("each kind has its limit, and the organization its total, each said in the refusal")
    func limits() {
        let limits = MediaLimits.standard
        #expect(limits.refusal(size: 20 * MediaLimits.megabyte, type: .jpeg) == nil)
        let large = limits.refusal(size: 21 * MediaLimits.megabyte, type: .jpeg)
        #expect(large?.description.contains("21 MB, more than the 20 MB allowed for image files") == true, "\(String(describing: large))")
        #expect(limits.refusal(size: 400 * MediaLimits.megabyte, type: .mp3) == nil)
        let quota = limits.quotaRefusal(size: 2 * MediaLimits.megabyte, used: 9_999 * MediaLimits.megabyte)
        #expect(quota?.description.contains("10 GB") == true, "\(String(describing: quota))")
        #expect(MediaCheck.admit(head: MediaSamples.pdf, size: 51 * MediaLimits.megabyte) == .failure(
            .tooLarge(type: .pdf, size: 51 * MediaLimits.megabyte, limit: 50 * MediaLimits.megabyte)))
    }

    static func refusal(_ head: Data) -> MediaRefusal? {
        if case .failure(let refusal) = ContentSniffer.accept(head: head) { return refusal }
        return nil
    }
}
