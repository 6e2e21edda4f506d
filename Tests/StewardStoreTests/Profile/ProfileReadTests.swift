import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

@Suite("The apps' read side: the organization's profile")
struct ProfileReadTests {
    /// A profile whose first banner shows now, second is still to come and third is over.
    static func profileJSON(name: String = "Grace Community Church") -> String {
        let now = Date()
        func at(_ hours: Double) -> String { KitFixtures.instant(now.addingTimeInterval(hours * 3600)) }
        return """
            {"displayName": "\(name)", "logo": "https://grace.example.org/logo.png",
             "welcome": "# Welcome\\nA **warm** welcome.",
             "banners": [
               {"image": "https://grace.example.org/now.jpg", "link": "https://grace.example.org/advent", "title": "Now",
                "showFrom": \(at(-24)), "showUntil": \(at(24))},
               {"image": "https://grace.example.org/later.jpg", "title": "Later", "showFrom": \(at(48))},
               {"image": "https://grace.example.org/over.jpg", "title": "Over", "showUntil": \(at(-1))},
               {"image": "https://grace.example.org/always.jpg", "title": "Always"}],
             "times": [{"day": "sunday", "start": "9:30", "end": "11:00", "label": "Worship"}],
             "address": "400 Main St", "latitude": 39.799, "longitude": -89.644,
             "phone": "+1 217 555 0140", "email": "office@grace.example.org", "website": "https://grace.example.org",
             "facebook": "https://www.facebook.com/grace", "instagram": "https://instagram.com/grace",
             "youtube": "https://youtu.be/abc", "x": "https://twitter.com/grace", "tiktok": "https://m.tiktok.com/@grace"}
            """
    }

    func read(_ store: TestStore, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await store.request(.get, "/v1/orgs/\(store.org)/profile", token: store.reader, headers: headers)
    }

    @Test("the profile's fields with only the banners showing now, and an entity tag", arguments: Backend.available)
    func profile(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let none = try await read(store)
            #expect(none.status == .notFound)
            #expect(none.text.contains("no profile yet"), "\(none.text)")

            let id = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, RecordType.profile.entity, id, Self.profileJSON())]))
            #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")

            let first = try await read(store)
            #expect(first.status == .ok, "\(first.text)")
            let body = try JSONValue.parse(first.text)
            #expect(body["id"]?.stringValue == id)
            #expect((body["version"]?.int64Value ?? 0) > 0)
            #expect(body["displayName"]?.stringValue == "Grace Community Church")
            #expect(body["welcome"]?.stringValue == "# Welcome\nA **warm** welcome.")
            #expect(body["latitude"] == .double(39.799))
            #expect(body["instagram"]?.stringValue == "https://instagram.com/grace")
            #expect(body["times"]?.arrayValue?.first?["start"]?.stringValue == "09:30")
            let banners = (body["banners"]?.arrayValue ?? []).map { $0["title"]?.stringValue ?? "?" }
            #expect(banners == ["Now", "Always"])

            let tag = try #require(first.headers[.eTag])
            let again = try await read(store, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)

            // An edit makes a new answer with a new tag.
            let edit = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: RecordType.profile.entity, recordId: id, operation: .upsert,
                         baseVersion: try #require(answer.results.first?.version),
                         fields: try JSONValue.parse(Self.profileJSON(name: "Grace Church")))]))
            #expect(edit.results.map(\.status) == [.applied], "\(edit.results)")
            let changed = try await read(store, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(try JSONValue.parse(changed.text)["displayName"]?.stringValue == "Grace Church")

            // Another organization's token reads nothing of it.
            let foreign = try await store.request(.get, "/v1/orgs/\(store.org)/profile", token: store.foreignTokens[.reader]!)
            #expect(foreign.status != .ok)
        }
    }

    @Test("a second profile for the organization is refused, and a bad social address too", arguments: Backend.available)
    func oneProfile(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, RecordType.profile.entity, Fixtures.newRecordId(), Self.profileJSON())]))
            #expect(first.results.map(\.status) == [.applied])
            let second = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, RecordType.profile.entity, Fixtures.newRecordId(), Self.profileJSON(name: "Twin")),
                try KitFixtures.upsert(2, RecordType.profile.entity, Fixtures.newRecordId(),
                                       #"{"displayName": "Bad", "facebook": "https://instagram.com/grace"}"#)]))
            #expect(second.results.map(\.status) == [.rejected, .rejected], "\(second.results)")
            #expect(second.results[0].reason?.contains("has a profile already") == true, "\(second.results)")
            #expect(second.results[1].reason?.hasPrefix("facebook:") == true, "\(second.results)")
            let shown = try JSONValue.parse(try await read(store).text)
            #expect(shown["displayName"]?.stringValue == "Grace Community Church")
        }
    }
}
