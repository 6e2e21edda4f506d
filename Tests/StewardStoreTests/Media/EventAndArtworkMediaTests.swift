import Foundation
import HummingbirdTesting
import MediaTestSamples
import StewardCore
import Testing
@testable import StewardStore

/// Events are read through their own endpoints, and the podcast's artwork is printed in its
/// feed: an image of the media library comes with its address there too, never a bare id.
@Suite("Event images and podcast artwork from the media library")
struct EventAndArtworkMediaTests {
    static func upload(_ store: TestStore, _ data: Data, fileName: String) async throws -> (id: String, path: String) {
        let id = UUID().uuidString.lowercased()
        let ready = try await store.uploadMedia(data, id: id, fileName: fileName)
        #expect(ready.status == .ok, "\(ready.text)")
        return (id, try #require(MediaTesting.json(ready)["url"]?.stringValue))
    }

    @Test("events/upcoming and events give an image's address beside its id; null while not on the store",
          arguments: Backend.available)
    func eventImages(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let (imageId, path) = try await Self.upload(store, MediaSamples.png(width: 8, height: 8), fileName: "Potluck.png")
            let start = Date().addingTimeInterval(3 * 86_400)
            var pictured = TestStore.eventFields("Potluck", start: start)
            pictured = PodcastMediaRecordingTests.with(pictured, ["imageURL": .string(imageId)])
            let waiting = PodcastMediaRecordingTests.with(TestStore.eventFields("Picnic", start: start.addingTimeInterval(3600)),
                                                          ["imageURL": .string(UUID().uuidString.lowercased())])
            let typed = PodcastMediaRecordingTests.with(TestStore.eventFields("Walk", start: start.addingTimeInterval(7200)),
                                                        ["imageURL": .string("http://example.org/walk.jpg")])
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0, fields: pictured),
                Mutation(id: 2, entity: "event", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0, fields: waiting),
                Mutation(id: 3, entity: "event", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0, fields: typed),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .applied], "\(answer.results)")

            let upcoming = try await store.request(.get, "/v1/orgs/\(store.org)/events/upcoming", token: store.reader)
            #expect(upcoming.status == .ok)
            let from = LocalDate(Date(), in: .gmt)
            let range = try await store.request(.get, "/v1/orgs/\(store.org)/events?from=\(from)&to=\(from.adding(days: 30))",
                                                token: store.reader)
            #expect(range.status == .ok, "\(range.text)")
            for (read, list) in [(upcoming, "events"), (range, "items")] {
                let items = MediaTesting.json(read)[list]?.arrayValue ?? []
                func fields(_ title: String) -> JSONValue? { items.first { $0["fields"]?["title"]?.stringValue == title }?["fields"] }
                let linked = try #require(fields("Potluck")?["imageURLMedia"], "\(read.text)")
                #expect(linked["url"]?.stringValue == path)
                #expect(linked["kind"]?.stringValue == "image")
                // A PNG without transparency is served as a JPEG.
                #expect(linked["thumbnailURL"]?.stringValue == path[..<(path.lastIndex(of: "/") ?? path.endIndex)] + "/thumb.jpg", "\(linked)")
                #expect(fields("Potluck")?["imageURL"]?.stringValue == imageId)
                #expect(fields("Picnic")?["imageURLMedia"] == .null)
                #expect(fields("Walk")?["imageURLMedia"] == nil)
                #expect(fields("Walk")?["imageURL"]?.stringValue == "http://example.org/walk.jpg")
            }
        }
    }

    @Test("each banner of the profile naming a library image gets imageMedia; null while not on the store",
          arguments: Backend.available)
    func profileBanners(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let (imageId, path) = try await Self.upload(store, MediaSamples.png(width: 24, height: 8), fileName: "Advent.png")
            let waitingId = UUID().uuidString.lowercased()
            let profile = try JSONValue.parse("""
                {"displayName": "Grace", "logo": "https://grace.example.org/logo.png",
                 "banners": [
                   {"image": "https://grace.example.org/typed.jpg", "title": "Typed"},
                   {"image": "\(imageId)", "title": "Advent", "link": "https://grace.example.org/advent"},
                   {"image": "\(waitingId)", "title": "Waiting"}]}
                """)
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: RecordType.profile.entity, recordId: Fixtures.newRecordId(), operation: .upsert,
                         baseVersion: 0, fields: profile),
            ]))
            #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")

            let read = try await store.request(.get, "/v1/orgs/\(store.org)/profile", token: store.reader)
            #expect(read.status == .ok, "\(read.text)")
            let banners = MediaTesting.json(read)["banners"]?.arrayValue ?? []
            #expect(banners.map { $0["title"]?.stringValue ?? "?" } == ["Typed", "Advent", "Waiting"])
            func banner(_ title: String) -> JSONValue? { banners.first { $0["title"]?.stringValue == title } }
            let linked = try #require(banner("Advent")?["imageMedia"], "\(read.text)")
            #expect(linked["url"]?.stringValue == path)
            #expect(linked["kind"]?.stringValue == "image")
            #expect(linked["width"]?.int64Value == 24 && linked["height"]?.int64Value == 8)
            #expect(banner("Advent")?["image"]?.stringValue == imageId, "the id stays")
            #expect(banner("Advent")?["link"]?.stringValue == "https://grace.example.org/advent", "the banner's other fields stay")
            #expect(banner("Waiting")?["imageMedia"] == .null, "a file not on the store yet: null")
            #expect(banner("Typed")?["imageMedia"] == nil, "an address needs no sibling")
            #expect(MediaTesting.json(read)["logoMedia"] == nil)
        }
    }

    @Test("the podcast's artwork from the library is its address on the store; left out until the file is ready",
          arguments: Backend.available)
    func podcastArtwork(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let (imageId, path) = try await Self.upload(store, MediaSamples.jpeg(width: 16, height: 16), fileName: "Art.jpg")
            let podcast = PodcastMediaRecordingTests.with(try JSONValue.parse(KitFixtures.podcast()), ["artworkURL": .string(imageId)])
            let podcastId = PodcastMediaRecordingTests.podcastId
            let client = Fixtures.clientId()
            var answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 1, entity: "podcast", recordId: podcastId, operation: .upsert, baseVersion: 0, fields: podcast),
            ]))
            #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")
            var xml = try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil).text
            #expect(xml.contains("<itunes:image href=\"http://") && xml.contains(path + "\"/>"), "\(xml)")
            #expect(xml.contains("<url>http://") && xml.contains(path + "</url>"), "\(xml)")
            #expect(!xml.contains(imageId + "<") && !xml.contains("\"" + imageId + "\""), "never the bare id")

            let notYet = PodcastMediaRecordingTests.with(podcast, ["artworkURL": .string(UUID().uuidString.lowercased())])
            answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 2, entity: "podcast", recordId: podcastId, operation: .upsert, baseVersion: answer.results[0].version ?? 1,
                         fields: notYet),
            ]))
            #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")
            xml = try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil).text
            #expect(xml.contains("<title>Grace Church Sermons</title>"), "\(xml)")
            #expect(!xml.contains("itunes:image") && !xml.contains("<image>"), "\(xml)")
        }
    }
}
