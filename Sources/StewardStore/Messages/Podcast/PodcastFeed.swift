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

    /// The media ids messages name as their recording (`audio`), for the controller to look up.
    static func recordingIds(_ messages: [RemoteRecord]) -> Set<String> {
        Set(messages.compactMap { record in
            guard case .item(let id)? = MediaFieldValue(stored: record.fields["audio"]) else { return nil }
            return id.uuidString.lowercased()
        })
    }

    /// The messages that become episodes: published now, with a recording whose address and
    /// size are known (an enclosure without a length is refused by directories), newest
    /// first. `recordings`: the ready media items messages name, by id.
    static func episodes(_ messages: [RemoteRecord], recordings: [String: PodcastEnclosure] = [:],
                         now: Date) -> [Episode] {
        messages.compactMap { record -> Episode? in
            guard !record.deleted, RecordType.message.isVisibleToMembers(record.fields, now: now),
                  let enclosure = PodcastEnclosure(of: record.fields, recordings: recordings),
                  let published = record.fields["publishAt"]?.stringValue.flatMap(DateTimeText.parseUTC)
            else { return nil }
            return Episode(record: record, published: published, enclosure: enclosure)
        }
        .sorted { $0.published != $1.published ? $0.published > $1.published : $0.record.id > $1.record.id }
    }

    struct Episode {
        var record: RemoteRecord
        var published: Date
        var enclosure: PodcastEnclosure
    }

    /// The feed's XML. `feedURL` is where it is served: the channel's link and its `atom:link`.
    /// `artwork`: the artwork's address (nil while the library's file is not ready: left out).
    static func xml(podcast: JSONValue, artwork: String?, episodes: [Episode], feedURL: String) -> String {
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
        if let artwork {
            xml.element("itunes:image", nil, [("href", artwork)])
            xml.start("image")
            xml.element("url", artwork)
            xml.element("title", text("title"))
            xml.element("link", feedURL)
            xml.close()
        }
        category(text("category"), into: &xml)
        xml.element("itunes:explicit", podcast["explicit"]?.boolValue == true ? "true" : "false")
        xml.element("itunes:type", "episodic")
        if let newest = episodes.first {
            xml.element("lastBuildDate", FeedDates.rfc822(newest.published))
        }
        for episode in episodes {
            item(episode, author: text("author"), into: &xml)
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

    private static func item(_ episode: Episode, author: String, into xml: inout XMLWriter) {
        let fields = episode.record.fields
        func text(_ name: String) -> String { fields[name]?.stringValue ?? "" }
        xml.start("item")
        xml.element("title", text("title"))
        // The record's id never changes, so players never list an edited message twice.
        xml.element("guid", episode.record.id, [("isPermaLink", "false")])
        xml.element("pubDate", FeedDates.rfc822(episode.published))
        xml.element("enclosure", nil, [
            ("url", episode.enclosure.url),
            ("length", String(episode.enclosure.length)),
            ("type", episode.enclosure.type),
        ])
        if let seconds = episode.enclosure.seconds {
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
