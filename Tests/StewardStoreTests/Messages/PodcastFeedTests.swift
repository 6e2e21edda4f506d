import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

@Suite("The podcast feed")
struct PodcastFeedTests {
    static let podcastId = "00000000-0000-4000-8000-0000000000a0"
    static let olderId = "00000000-0000-4000-8000-0000000000a1"
    static let newerId = "00000000-0000-4000-8000-0000000000a2"
    static let draftId = "00000000-0000-4000-8000-0000000000a3"
    static let scheduledId = "00000000-0000-4000-8000-0000000000a4"
    static let silentId = "00000000-0000-4000-8000-0000000000a5"

    /// Podcast settings and five messages: two published with audio, a draft, one scheduled
    /// and one published without audio, all pushed as a console pushes them.
    static func pushPodcast(_ store: TestStore) async throws {
        let now = Date()
        let audio = (url: "https://media.grace.example/a.mp3?x=1&y=2", bytes: Int64(31_415_926), type: "audio/mpeg")
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
            try KitFixtures.upsert(1, "podcast", podcastId, KitFixtures.podcast(title: "Grace & <Truth> \"Sermons\"")),
            try KitFixtures.upsert(2, "message", olderId, KitFixtures.message(
                "Waiting <Well> & Long", publishAt: DateTimeText.parseUTC("2026-10-25T09:30:00Z"), audio: audio,
                speaker: "Pastor O'Brien", summary: "On patience & hope.", scripture: "Isaiah 40:1-11")),
            try KitFixtures.upsert(3, "message", newerId, KitFixtures.message(
                "Make Room", publishAt: DateTimeText.parseUTC("2026-11-01T09:30:00Z"),
                audio: (url: "https://media.grace.example/b.m4a", bytes: 2_048, type: "audio/mp4"), duration: 2712)),
            try KitFixtures.upsert(4, "message", draftId, KitFixtures.message("Draft sermon", publishAt: nil, audio: audio)),
            try KitFixtures.upsert(5, "message", scheduledId, KitFixtures.message(
                "Next Sunday", publishAt: KitFixtures.days(2, from: now), audio: audio)),
            try KitFixtures.upsert(6, "message", silentId, KitFixtures.message(
                "Video only", publishAt: KitFixtures.days(-1, from: now))),
        ]))
        #expect(answer.results.map(\.status) == Array(repeating: .applied, count: 6), "\(answer.results)")
    }

    func feed(_ store: TestStore, org: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await store.request(.get, "/v1/orgs/\(org ?? store.org)/podcast.xml", token: nil, headers: headers)
    }

    @Test("published messages with audio only, newest first, escaped, with enclosures; no token", arguments: Backend.available)
    func items(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            try await Self.pushPodcast(store)
            let response = try await feed(store)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.contentType] == "application/rss+xml; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            let xml = response.text
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""))

            let guids = xml.components(separatedBy: "<guid isPermaLink=\"false\">").dropFirst()
                .map { String($0.prefix { $0 != "<" }) }
            #expect(guids == [Self.newerId, Self.olderId])
            #expect(xml.components(separatedBy: "<item>").count == 3)

            #expect(xml.contains("<title>Grace &amp; &lt;Truth&gt; &quot;Sermons&quot;</title>"))
            #expect(xml.contains("<title>Waiting &lt;Well&gt; &amp; Long</title>"))
            #expect(xml.contains("<itunes:author>Pastor O&apos;Brien</itunes:author>"))
            #expect(xml.contains("<description>On patience &amp; hope.\n\nScripture: Isaiah 40:1-11</description>"))
            #expect(xml.contains(
                "<enclosure url=\"https://media.grace.example/a.mp3?x=1&amp;y=2\" length=\"31415926\" type=\"audio/mpeg\"/>"))
            #expect(xml.contains("<enclosure url=\"https://media.grace.example/b.m4a\" length=\"2048\" type=\"audio/mp4\"/>"))
            #expect(xml.contains("<pubDate>Sun, 25 Oct 2026 09:30:00 +0000</pubDate>"))
            #expect(xml.contains("<pubDate>Sun, 01 Nov 2026 09:30:00 +0000</pubDate>"))
            #expect(xml.contains("<itunes:duration>00:45:12</itunes:duration>"))
            #expect(xml.contains("<itunes:episodeType>full</itunes:episodeType>"))
            // The channel's tags directories require.
            #expect(xml.contains("""
                <itunes:category text="Religion &amp; Spirituality">
                      <itunes:category text="Christianity"/>
                    </itunes:category>
                """))
            #expect(xml.contains("<itunes:email>office@grace.example</itunes:email>"))
            #expect(xml.contains("<itunes:image href=\"https://grace.example/podcast.jpg\"/>"))
            #expect(xml.contains("<itunes:explicit>false</itunes:explicit>"))
            #expect(xml.contains("<language>en</language>"))
            #expect(xml.contains("/v1/orgs/\(store.org)/podcast.xml</link>"))
        }
    }

    @Test("the entity tag answers 304 until the feed changes", arguments: Backend.available)
    func entityTag(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            try await Self.pushPodcast(store)
            let first = try await feed(store)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))

            let again = try await feed(store, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            // A gzip copy of the same feed carries its own tag, yet revalidates either way.
            let zipped = try await feed(store, headers: [.acceptEncoding: "gzip", .ifNoneMatch: "\"other\", \(tag)"])
            #expect(zipped.status == .notModified)
            #expect(zipped.headers[.eTag] == EntityTag.gzip(tag))

            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, "message", Fixtures.newRecordId(), KitFixtures.message(
                    "A new one", publishAt: KitFixtures.days(-0.5), audio: (url: "https://m.example/c.mp3", bytes: 9, type: "audio/mpeg"))),
            ]))
            let changed = try await feed(store, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
            #expect(changed.text.contains("<title>A new one</title>"))
        }
    }

    @Test("404 for an organization without podcast settings, or none at all", arguments: Backend.available)
    func missing(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            // The foreign organization exists but has no podcast settings.
            for org in [store.foreignOrg, "no-such-org", "Not_A_Slug"] {
                let response = try await feed(store, org: org)
                #expect(response.status == .notFound, "\(org): \(response.status)")
                #expect(response.errorBody?.error == ErrorResponse.Code.notFound)
                #expect(response.errorBody?.message.contains("podcast") == true)
            }
            // Removing the settings takes the feed down again.
            try await Self.pushPodcast(store)
            #expect(try await feed(store).status == .ok)
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "podcast", recordId: Self.podcastId, operation: .delete, baseVersion: 1, fields: nil),
            ]))
            #expect(try await feed(store).status == .notFound)
        }
    }
}
