import Foundation
import Testing
import StewardCore
@testable import StewardStore

@Suite("Writing the podcast feed: escaping, dates, lengths, entity tags")
struct FeedWritingTests {
    @Test("markup and characters XML forbids never reach the document")
    func escaping() {
        #expect(XMLWriter.escape("a & b <c> \"d\" 'e'") == "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;")
        // A control character pasted into a title would make every parser refuse the feed.
        #expect(XMLWriter.escape("bell\u{7}, nul\u{0}, tab\tline\nend\u{FFFE}") == "bell, nul, tab\tline\nend")
        var xml = XMLWriter()
        xml.start("rss", [("version", "2.0")])
        xml.element("enclosure", nil, [("url", "https://e.org/a?x=1&y=\"2\"")])
        xml.close()
        #expect(xml.text.hasSuffix("<rss version=\"2.0\">\n  <enclosure url=\"https://e.org/a?x=1&amp;y=&quot;2&quot;\"/>\n</rss>\n"))
    }

    @Test("RFC 822 dates in UTC with English names; durations as HH:MM:SS")
    func datesAndLengths() throws {
        let date = try #require(DateTimeText.parseUTC("2027-02-28T23:05:09Z"))
        #expect(FeedDates.rfc822(date) == "Sun, 28 Feb 2027 23:05:09 +0000")
        #expect(FeedDates.clock(2712) == "00:45:12")
        #expect(FeedDates.clock(3723) == "01:02:03")
        #expect(FeedDates.clock(0) == "00:00:00")
    }

    @Test("If-None-Match: the tag, weak or gzip forms of it, a list, or *; nothing else")
    func entityTags() {
        let tag = EntityTag.of(Data("feed".utf8))
        #expect(tag != EntityTag.of(Data("feed!".utf8)))
        #expect(EntityTag.matches(ifNoneMatch: [tag], tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: ["W/\(tag)"], tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: [EntityTag.gzip(tag)], tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: ["\"a\", \(tag)"], tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: ["*"], tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: ["\"a\""], tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: [], tag: tag))
    }
}
