import Foundation
import HummingbirdTesting
import MediaTestSamples
import StewardCore
import Testing
@testable import StewardStore

/// What the apps read of a record whose media field names a library file: the file's address,
/// type, size and running time beside the id, once the file is ready; null before.
@Suite("Media fields in what members read")
struct MemberMediaLinksTests {
    @Test("a message's recording comes with its address, size, type and running time; one not uploaded yet with null",
          arguments: Backend.available)
    func recordingLinks(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: MediaTesting.configuration()) { store in
            let recording = MediaSamples.mp3(frames: 60)
            let mediaId = UUID().uuidString.lowercased()
            let declaration: JSONValue = .object([
                "id": .string(mediaId), "fileName": .string("Advent 1.mp3"), "size": .int(Int64(recording.count)),
                "sha256": .string(MediaTesting.sha256(recording)), "durationSeconds": .double(1.56),
            ])
            let declared = try await store.request(.post, store.mediaPath, token: store.staffTokens[.editor] ?? store.staff,
                                                   body: Data(declaration.canonicalBytes))
            #expect(declared.status == .created, "\(declared.text)")
            let ready = try await store.sendChunk(recording, id: mediaId, offset: 0)
            let path = try #require(MediaTesting.json(ready)["url"]?.stringValue)

            let published = DateTimeText.parseUTC("2026-11-01T09:30:00Z")
            var message = try JSONValue.parse(KitFixtures.message("Waiting Well", publishAt: published))
            message = PodcastMediaRecordingTests.with(message, ["audio": .string(mediaId)])
            let notYet = UUID().uuidString.lowercased()
            var waiting = try JSONValue.parse(KitFixtures.message("Not Yet", publishAt: published))
            waiting = PodcastMediaRecordingTests.with(waiting, ["audio": .string(notYet)])
            let typed = PodcastMediaRecordingTests.with(
                try JSONValue.parse(KitFixtures.message("Elsewhere", publishAt: published)),
                ["audio": .string("https://cdn.example.org/elsewhere.mp3")])
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "message", recordId: UUID().uuidString.lowercased(), operation: .upsert, baseVersion: 0, fields: message),
                Mutation(id: 2, entity: "message", recordId: UUID().uuidString.lowercased(), operation: .upsert, baseVersion: 0, fields: waiting),
                Mutation(id: 3, entity: "message", recordId: UUID().uuidString.lowercased(), operation: .upsert, baseVersion: 0, fields: typed),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .applied], "\(answer.results)")

            let read = try await store.request(.get, "/v1/orgs/\(store.org)/messages", token: store.reader)
            #expect(read.status == .ok)
            let items = MediaTesting.json(read)["items"]?.arrayValue ?? []
            func item(_ title: String) -> JSONValue? { items.first { $0["title"]?.stringValue == title } }

            let linked = try #require(item("Waiting Well")?["audioMedia"])
            #expect(linked["url"]?.stringValue == path)
            #expect(linked["size"]?.int64Value == Int64(recording.count))
            #expect(linked["contentType"]?.stringValue == "audio/mpeg")
            #expect(linked["durationSeconds"]?.doubleValue == 1.56)
            #expect(item("Waiting Well")?["audio"]?.stringValue == mediaId, "the id stays for apps that keep it")
            #expect(item("Not Yet")?["audioMedia"] == .null, "a file not on the store yet: null, not an address that 404s")
            #expect(item("Elsewhere")?["audioMedia"] == nil, "an address needs no sibling")
            #expect(item("Elsewhere")?["audio"]?.stringValue == "https://cdn.example.org/elsewhere.mp3")
        }
    }
}
