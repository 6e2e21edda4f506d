import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

@Suite("The apps' read side: bulletins, messages, series, funds")
struct MemberReadTests {
    static let seriesId = "00000000-0000-4000-8000-0000000000b0"

    /// Of each type, records members may see and records they may not.
    static func pushContent(_ store: TestStore) async throws {
        let now = Date()
        let kinds: [(String, String)] = [
            ("bulletin", KitFixtures.bulletin("Live", date: "2026-11-22", publishAt: KitFixtures.days(-3, from: now))),
            ("bulletin", KitFixtures.bulletin("Also live", date: "2026-11-29", publishAt: KitFixtures.days(-1, from: now),
                                              expireAt: KitFixtures.days(6, from: now))),
            ("bulletin", KitFixtures.bulletin("Expired", date: "2026-11-15", publishAt: KitFixtures.days(-10, from: now),
                                              expireAt: KitFixtures.days(-2, from: now))),
            ("bulletin", KitFixtures.bulletin("Scheduled", date: "2026-12-06", publishAt: KitFixtures.days(3, from: now))),
            ("bulletin", KitFixtures.bulletin("Draft", date: "2026-12-13", publishAt: nil)),
            ("series", KitFixtures.series("Advent: Waiting & Well")),
            ("message", KitFixtures.message("Published", publishAt: KitFixtures.days(-2, from: now), series: seriesId)),
            ("message", KitFixtures.message("No series", publishAt: KitFixtures.days(-1, from: now))),
            ("message", KitFixtures.message("Draft message", publishAt: nil, series: seriesId)),
            ("message", KitFixtures.message("Scheduled message", publishAt: KitFixtures.days(1, from: now))),
            ("fund", KitFixtures.fund("Building", position: 2, active: true)),
            ("fund", KitFixtures.fund("General", position: 0, active: true)),
            ("fund", KitFixtures.fund("Old roof", position: 1, active: false)),
        ]
        var mutations: [Mutation] = []
        for (index, (entity, json)) in kinds.enumerated() {
            let id = entity == "series" ? seriesId : Fixtures.newRecordId()
            mutations.append(try KitFixtures.upsert(Int64(index + 1), entity, id, json))
        }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
        #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer.results)")
    }

    func read(_ store: TestStore, _ path: String, token: String? = nil, org: String? = nil,
              headers: HTTPFields = [:]) async throws -> TestResponse {
        try await store.request(.get, "/v1/orgs/\(org ?? store.org)/\(path)", token: token ?? store.reader, headers: headers)
    }

    func items(_ response: TestResponse) throws -> [JSONValue] {
        try JSONValue.parse(response.text)["items"]?.arrayValue ?? []
    }

    func titles(_ items: [JSONValue], field: String = "title") -> [String] {
        items.map { $0[field]?.stringValue ?? "?" }
    }

    @Test("only what members may see, in each type's order, with a reader token", arguments: Backend.available)
    func visibleOnly(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            try await Self.pushContent(store)

            let bulletins = try await read(store, "bulletins")
            #expect(bulletins.status == .ok, "\(bulletins.text)")
            #expect(bulletins.headers[.contentType] == "application/json; charset=utf-8")
            // Newest date first, as the console lists them.
            #expect(titles(try items(bulletins)) == ["Also live", "Live"])
            #expect(try JSONValue.parse(bulletins.text)["entity"]?.stringValue == "bulletin")

            let messages = try items(try await read(store, "messages"))
            // Both were preached the same day: then by title.
            #expect(titles(messages) == ["No series", "Published"])
            let published = try #require(messages.first { $0["title"]?.stringValue == "Published" })
            #expect(published["seriesTitle"]?.stringValue == "Advent: Waiting & Well")
            #expect(published["series"]?.stringValue == Self.seriesId)
            #expect(messages.first { $0["title"]?.stringValue == "No series" }?["seriesTitle"] == .null)
            #expect(messages.allSatisfy { ($0["id"]?.stringValue?.count ?? 0) == 36 && ($0["version"]?.int64Value ?? 0) > 0 })

            #expect(titles(try items(try await read(store, "series"))) == ["Advent: Waiting & Well"])

            let funds = try items(try await read(store, "funds"))
            #expect(titles(funds, field: "name") == ["General", "Building"])
            #expect(funds.first?["url"]?.stringValue == "https://give.example/0")
        }
    }

    @Test("another organization's token is refused; no token is refused", arguments: Backend.available)
    func authorization(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            for path in MemberRecords.served.map(\.commandName) {
                let foreign = try await read(store, path, token: store.foreignTokens[.reader]!)
                #expect(foreign.status == .forbidden, "\(path): \(foreign.status)")
                #expect(foreign.errorBody?.error == ErrorResponse.Code.forbidden)
                let none = try await store.request(.get, "/v1/orgs/\(store.org)/\(path)", token: nil)
                #expect(none.status == .unauthorized, "\(path): \(none.status)")
                // Every role of the organization reads, staff sessions included.
                #expect(try await read(store, path, token: store.admin).status == .ok)
                #expect(try await read(store, path, token: store.staffTokens[.viewer]!).status == .ok)
            }
            // The library's catalogue is served; its loans and people, and the stamp ledger, are not.
            // The passport's prizes and levels are; redemptions are not, and survey questions
            // reach members by audience through `me/questions` only. The gym's daily quotes and
            // info pages are served; rides (offers, requests, the plan) are staff's alone. The
            // campus ministry's teams, groups, missions and resources are served; its leads are not.
            // The organization's event calendars are served whole, for the apps' calendar filter,
            // and the gym's trainer profiles, each with the classes its trainer teaches; the
            // campuses and ministries members choose from, too (their choices are not served).
            #expect(Set(MemberRecords.served.map(\.commandName)) == ["bulletins", "messages", "series", "funds", "books", "shelves",
                                                                     "prizes", "passport-levels", "community-pages", "map-pins",
                                                                     "daily-quotes", "gym-info", "ministry-teams", "community-groups",
                                                                     "missions", "ministry-resources", "calendars", "trainers",
                                                                     "campuses", "ministries"])
        }
    }

    @Test("each read answers 304 for its current entity tag, and a new tag once it changes", arguments: Backend.available)
    func entityTags(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            try await Self.pushContent(store)
            var tags: [String: String] = [:]
            for path in MemberRecords.served.map(\.commandName) {
                let first = try await read(store, path)
                let tag = try #require(first.headers[.eTag], "\(path) has no ETag")
                tags[path] = tag
                #expect(first.headers[.cacheControl] == "private, no-cache")
                let again = try await read(store, path, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified, "\(path): \(again.status)")
                #expect(again.body.readableBytes == 0)
                let weak = try await read(store, path, headers: [.ifNoneMatch: "W/\(tag)"])
                #expect(weak.status == .notModified, "\(path) with a weak tag: \(weak.status)")
                let stale = try await read(store, path, headers: [.ifNoneMatch: "\"stale\""])
                #expect(stale.status == .ok)
            }
            // A new active fund changes the funds' tag, not the bulletins'.
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, "fund", Fixtures.newRecordId(), KitFixtures.fund("Missions", position: 5, active: true)),
            ]))
            let funds = try await read(store, "funds", headers: [.ifNoneMatch: tags["funds"]!])
            #expect(funds.status == .ok)
            #expect(titles(try items(funds), field: "name").last == "Missions")
            #expect(try await read(store, "bulletins", headers: [.ifNoneMatch: tags["bulletins"]!]).status == .notModified)
        }
    }
}
