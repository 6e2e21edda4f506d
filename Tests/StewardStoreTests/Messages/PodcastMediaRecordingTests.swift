import Foundation
import HummingbirdTesting
import MediaTestSamples
import StewardCore
import Testing
@testable import StewardStore

/// A message whose recording is a file of the media library: the feed gives the store's own
/// address for it, with the file's true length, type and running time.
@Suite("The podcast feed with media library recordings")
struct PodcastMediaRecordingTests {
    static let podcastId = "00000000-0000-4000-8000-0000000000b0"
    static let messageId = "00000000-0000-4000-8000-0000000000b1"
    static let waitingId = "00000000-0000-4000-8000-0000000000b2"

    @Test("the enclosure is the media item's public address, true length and type, and its itunes:duration",
          arguments: Backend.available)
    func recordingFromLibrary(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let recording = MediaSamples.mp3(frames: 60)
            let mediaId = UUID().uuidString.lowercased()
            let declaration: JSONValue = .object([
                "id": .string(mediaId), "fileName": .string("Advent 1.mp3"), "size": .int(Int64(recording.count)),
                "sha256": .string(MediaTesting.sha256(recording)), "durationSeconds": .double(2712.4),
            ])
            let declared = try await store.request(.post, store.mediaPath, token: store.staffTokens[.editor] ?? store.staff,
                                                   body: Data(declaration.canonicalBytes))
            #expect(declared.status == .created, "\(declared.text)")
            let ready = try await store.sendChunk(recording, id: mediaId, offset: 0)
            #expect(ready.status == .ok, "\(ready.text)")
            let path = try #require(MediaTesting.json(ready)["url"]?.stringValue)

            // As the console sends it: the id, and the size and type it filled in (wrong here on
            // purpose: the feed takes the file's own).
            var message = try JSONValue.parse(KitFixtures.message("Waiting Well", publishAt: DateTimeText.parseUTC("2026-11-01T09:30:00Z")))
            message = Self.with(message, ["audio": .string(mediaId), "audioBytes": .int(5), "audioType": .string("audio/aac")])
            // A recording not uploaded yet: no episode until it is.
            var waiting = try JSONValue.parse(KitFixtures.message("Not Yet", publishAt: DateTimeText.parseUTC("2026-11-02T09:30:00Z")))
            waiting = Self.with(waiting, ["audio": .string(UUID().uuidString.lowercased()), "audioBytes": .int(5)])
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, "podcast", Self.podcastId, KitFixtures.podcast(title: "Grace Sermons")),
                Mutation(id: 2, entity: "message", recordId: Self.messageId, operation: .upsert, baseVersion: 0, fields: message),
                Mutation(id: 3, entity: "message", recordId: Self.waitingId, operation: .upsert, baseVersion: 0, fields: waiting),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .applied], "\(answer.results)")

            let feed = try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil)
            #expect(feed.status == .ok)
            let xml = feed.text
            #expect(xml.components(separatedBy: "<item>").count == 2, "\(xml)")
            #expect(xml.contains("<guid isPermaLink=\"false\">\(Self.messageId)</guid>"))
            let enclosure = try #require(xml.components(separatedBy: "<enclosure ").dropFirst().first?.prefix { $0 != ">" })
            #expect(enclosure.contains("url=\"http://") && enclosure.contains(path + "\""), "\(enclosure)")
            #expect(enclosure.contains("length=\"\(recording.count)\""), "\(enclosure)")
            #expect(enclosure.contains("type=\"audio/mpeg\""), "\(enclosure)")
            #expect(xml.contains("<itunes:duration>00:45:12</itunes:duration>"), "\(xml)")

            // The address serves the file.
            let served = try await store.request(.get, path, token: nil)
            #expect(served.status == .ok)
            #expect(Data(served.body.readableBytesView) == recording)
        }
    }

    static func with(_ fields: JSONValue, _ changes: [String: JSONValue]) -> JSONValue {
        guard case .object(var values) = fields else { return fields }
        for (key, value) in changes { values[key] = value }
        return .object(values)
    }
}
