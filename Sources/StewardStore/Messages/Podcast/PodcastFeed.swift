import Foundation
import StewardCore

/// An organization's podcast as RSS 2.0 with the iTunes tags Apple Podcasts and the other
/// directories require: the channel from its `podcast` settings, one item per message members
/// may see (`RecordType.message`) that has audio, newest first.
enum PodcastFeed {
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let atom = "http://www.w3.org/2005/Atom"

    /// Directories file these choices of `RecordType.podcastCategories` under a parent
    /// category; the others are top-level categories themselves.
    static let parentCategory = [
        "Christianity": "Religion & Spirituality",
        "Religion": "Religion & Spirituality",
        "Spirituality": "Religion & Spirituality",
    ]

    /// The messages that become episodes: published now, with an audio file and its size
    /// (an enclosure without a length is refused by directories), newest first.
    static func episodes(_ messages: [RemoteRecord], now: Date) -> [(record: RemoteRecord, published: Date)] {
        messages.compactMap { record -> (RemoteRecord, Date)? in
            guard !record.deleted, RecordType.message.isVisibleToMembers(record.fields, now: now),
                  let audio = record.fields["audioURL"]?.stringValue, !audio.isEmpty,
                  (record.fields["audioBytes"]?.int64Value ?? 0) > 0,
                  let published = record.fields["publishAt"]?.stringValue.flatMap(DateTimeText.parseUTC)
            else { return nil }
            return (record, published)
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id > $1.0.id }
        .map { (record: $0.0, published: $0.1) }
    }

    /// The feed's XML. `feedURL` is where it is served: the channel's link and its `atom:link`.
    static func xml(podcast: JSONValue, episodes: [(record: RemoteRecord, published: Date)], feedURL: String) -> String {
        func text(_ name: String) -> String { podcast[name]?.stringValue ?? "" }
        var xml = XMLWriter()
        xml.start("rss", [("version", "2.0"), ("xmlns:itunes", itunes), ("xmlns:atom", atom)])
        xml.start("channel")
        xml.element("title", text("title"))
        xml.element("link", feedURL)
        xml.element("atom:link", nil, [("href", feedURL), ("rel", "self"), ("type", "application/rss+xml")])
        xml.element("language", text("language").isEmpty ? "en" : text("language"))
        xml.element("description", text("description"))
        xml.element("itunes:author", text("author"))
        xml.start("itunes:owner")
        xml.element("itunes:name", text("author"))
        xml.element("itunes:email", text("ownerEmail"))
        xml.close()
        xml.element("itunes:image", nil, [("href", text("artworkURL"))])
        xml.start("image")
        xml.element("url", text("artworkURL"))
        xml.element("title", text("title"))
        xml.element("link", feedURL)
        xml.close()
        category(text("category"), into: &xml)
        xml.element("itunes:explicit", podcast["explicit"]?.boolValue == true ? "true" : "false")
        xml.element("itunes:type", "episodic")
        if let newest = episodes.first {
            xml.element("lastBuildDate", FeedDates.rfc822(newest.published))
        }
        for episode in episodes {
            item(episode.record, published: episode.published, author: text("author"), into: &xml)
        }
        xml.close()
        xml.close()
        return xml.text
    }

    private static func category(_ name: String, into xml: inout XMLWriter) {
        let chosen = name.isEmpty ? "Religion & Spirituality" : name
        if let parent = parentCategory[chosen] {
            xml.start("itunes:category", [("text", parent)])
            xml.element("itunes:category", nil, [("text", chosen)])
            xml.close()
        } else {
            xml.element("itunes:category", nil, [("text", chosen)])
        }
    }

    private static func item(_ message: RemoteRecord, published: Date, author: String, into xml: inout XMLWriter) {
        let fields = message.fields
        func text(_ name: String) -> String { fields[name]?.stringValue ?? "" }
        xml.start("item")
        xml.element("title", text("title"))
        // The record's id never changes, so players never list an edited message twice.
        xml.element("guid", message.id, [("isPermaLink", "false")])
        xml.element("pubDate", FeedDates.rfc822(published))
        xml.element("enclosure", nil, [
            ("url", text("audioURL")),
            ("length", String(fields["audioBytes"]?.int64Value ?? 0)),
            ("type", text("audioType").isEmpty ? "audio/mpeg" : text("audioType")),
        ])
        if let seconds = fields["duration"]?.int64Value {
            xml.element("itunes:duration", FeedDates.clock(seconds))
        }
        xml.element("itunes:author", text("speaker").isEmpty ? author : text("speaker"))
        let scripture = text("scripture")
        let description = [text("summary"), scripture.isEmpty ? "" : "Scripture: \(scripture)"]
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
        xml.element("description", description)
        xml.element("itunes:episodeType", "full")
        xml.close()
    }
}
