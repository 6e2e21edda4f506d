import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// The reads members poll are answered from the store's cache while nothing changed, and made
/// again as soon as anything did, whichever store process stored the change: on SQLite and
/// PostgreSQL alike. `answersMade` counts the answers made from the database.
@Suite("Members' reads kept between changes")
struct MemberReadCacheTests {
    static func pushBulletin(_ store: TestStore, _ title: String, id: Int64, client: String) async throws {
        let answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
            try KitFixtures.upsert(id, "bulletin", Fixtures.newRecordId(),
                                   KitFixtures.bulletin(title, date: "2026-11-22", publishAt: Date(timeIntervalSinceNow: -3600))),
        ]))
        #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")
    }

    static func bulletins(_ store: TestStore, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await store.request(.get, "/v1/orgs/\(store.org)/bulletins", token: store.reader, headers: headers)
    }

    static func titles(_ response: TestResponse) throws -> [String] {
        (try JSONValue.parse(response.text)["items"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }.sorted()
    }

    @Test("an unchanged list is answered again without the query, 304 included; a push makes it again",
          arguments: Backend.available)
    func keptUntilAPush(backend: Backend) async throws {
        let cache = MemberReadCache()
        try await TestStore.with(backend, readCache: cache) { store in
            let console = Fixtures.clientId()
            try await Self.pushBulletin(store, "Harvest supper", id: 1, client: console)
            let first = try await Self.bulletins(store)
            #expect(first.status == .ok, "\(first.text)")
            #expect(cache.answersMade("bulletins") == 1)
            let again = try await Self.bulletins(store)
            #expect(again.text == first.text)
            #expect(again.headers[.eTag] == first.headers[.eTag])
            let tag = try #require(first.headers[.eTag])
            let revalidated = try await Self.bulletins(store, headers: [.ifNoneMatch: tag])
            #expect(revalidated.status == .notModified)
            #expect(cache.answersMade("bulletins") == 1)

            try await Self.pushBulletin(store, "Choir practice", id: 2, client: console)
            let changed = try await Self.bulletins(store, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(try Self.titles(changed) == ["Choir practice", "Harvest supper"])
            #expect(cache.answersMade("bulletins") == 2)
        }
    }

    @Test("a change stored through another store process is read at once through this one", arguments: Backend.available)
    func changeThroughAnotherProcess(backend: Backend) async throws {
        let cache = MemberReadCache()
        try await TestStore.with(backend, readCache: cache) { store in
            try await Self.pushBulletin(store, "Harvest supper", id: 1, client: Fixtures.clientId())
            let before = try await Self.bulletins(store)
            #expect(try Self.titles(before) == ["Harvest supper"])
            // The other process has a cache of its own, and this one hears nothing from it.
            try await SharedLimitTests.withSecondProcess(store, configuration: TestStore.testConfiguration) { other in
                try await Self.pushBulletin(other, "Choir practice", id: 1, client: Fixtures.clientId("other"))
            }
            let after = try await Self.bulletins(store)
            #expect(try Self.titles(after) == ["Choir practice", "Harvest supper"])
            #expect(after.headers[.eTag] != before.headers[.eTag])
            #expect(cache.answersMade("bulletins") == 2)
        }
    }

    @Test("members who chose different campuses read different upcoming events, each kept", arguments: Backend.available)
    func perMemberAnswers(backend: Backend) async throws {
        let cache = MemberReadCache()
        try await TestStore.with(backend, timeZone: "America/Chicago", readCache: cache) { store in
            let ids = try await CampusChoiceTests.push(store)
            let sam = try await store.newMember("sam")
            let ava = try await store.newMember("ava")
            _ = try await CampusChoiceTests.choose(store, sam.access, .object(["campus": .string(ids.north)]))
            _ = try await CampusChoiceTests.choose(store, ava.access, .object(["campus": .string(ids.downtown)]))
            let made = cache.answersMade("events/upcoming")
            #expect(try await CampusChoiceTests.upcoming(store, sam.access) == ["North Night", "Student Lunch", "Everyone Picnic"])
            #expect(try await CampusChoiceTests.upcoming(store, ava.access) == ["Downtown Families", "Student Lunch", "Everyone Picnic"])
            #expect(try await CampusChoiceTests.upcoming(store, sam.access) == ["North Night", "Student Lunch", "Everyone Picnic"])
            #expect(try await CampusChoiceTests.upcoming(store, ava.access) == ["Downtown Families", "Student Lunch", "Everyone Picnic"])
            #expect(cache.answersMade("events/upcoming") == made + 2)
            // A new choice is a stored change: Sam's list follows it at once.
            _ = try await CampusChoiceTests.choose(store, sam.access, .object(["campus": .null]))
            #expect(try await CampusChoiceTests.upcoming(store, sam.access)
                    == ["North Night", "Downtown Families", "Student Lunch", "Everyone Picnic"])
        }
    }

    @Test("the upcoming events, the classes and the podcast carry an entity tag and answer 304 from the cache",
          arguments: Backend.available)
    func tagsOnEveryKeptRead(backend: Backend) async throws {
        let cache = MemberReadCache()
        try await TestStore.with(backend, readCache: cache) { store in
            let reads = ["/v1/orgs/\(store.org)/events/upcoming", "/v1/orgs/\(store.org)/classes?from=2026-12-07&to=2026-12-13"]
            for path in reads {
                let first = try await store.request(.get, path, token: store.reader)
                #expect(first.status == .ok, "\(path): \(first.text)")
                let tag = try #require(first.headers[.eTag])
                let endpoint = path.contains("classes") ? "classes" : "events/upcoming"
                let made = cache.answersMade(endpoint)
                let again = try await store.request(.get, path, token: store.reader, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified, "\(path)")
                #expect(cache.answersMade(endpoint) == made, "\(path)")
            }
            // The feed is open: an organization without podcast settings has none, cache or not.
            let none = try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil)
            #expect(none.status == .notFound)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil).status == .notFound)
        }
    }

    @Test("switched off, every read is made from the database", arguments: Backend.available)
    func switchedOff(backend: Backend) async throws {
        let cache = MemberReadCache.fromEnvironment(["STEWARD_STORE_READ_CACHE": "off"])
        try await TestStore.with(backend, readCache: cache) { store in
            try await Self.pushBulletin(store, "Harvest supper", id: 1, client: Fixtures.clientId())
            let first = try await Self.bulletins(store)
            let tag = try #require(first.headers[.eTag])
            #expect(try await Self.bulletins(store, headers: [.ifNoneMatch: tag]).status == .notModified)
            #expect(cache.answersMade("bulletins") == 2)
        }
    }
}

/// The cache's own rules, without a store: entries are kept per key and version, dropped when
/// they are older than `freshFor`, and the least recently used go first when it is full.
@Suite("The read cache's bounds")
struct MemberReadCacheBoundsTests {
    static let version = MemberReadCache.Version(lastSeq: 7, timeZone: "Europe/Paris")

    static func key(_ endpoint: String) -> MemberReadCache.Key {
        MemberReadCache.Key(org: "grace", endpoint: endpoint)
    }

    @Test("another version of the organization makes the answer again")
    func versioned() async throws {
        let cache = MemberReadCache()
        _ = try await cache.answer(Self.key("bulletins"), at: Self.version) { Data("a".utf8) }
        let kept = try await cache.answer(Self.key("bulletins"), at: Self.version) { Data("b".utf8) }
        #expect(kept.body == Data("a".utf8))
        let moved = MemberReadCache.Version(lastSeq: 8, timeZone: "Europe/Paris")
        #expect(try await cache.answer(Self.key("bulletins"), at: moved) { Data("b".utf8) }.body == Data("b".utf8))
        #expect(cache.answersMade("bulletins") == 2)
    }

    @Test("an answer older than freshFor is made again, for what changes with the clock alone")
    func expires() async throws {
        let cache = MemberReadCache(freshFor: .zero)
        _ = try await cache.answer(Self.key("events/upcoming"), at: Self.version) { Data("a".utf8) }
        #expect(try await cache.answer(Self.key("events/upcoming"), at: Self.version) { Data("b".utf8) }.body == Data("b".utf8))
    }

    @Test("full, it drops the least recently used answer")
    func leastRecentlyUsedGoes() async throws {
        let cache = MemberReadCache(capacity: 2)
        _ = try await cache.answer(Self.key("a"), at: Self.version) { Data("a".utf8) }
        _ = try await cache.answer(Self.key("b"), at: Self.version) { Data("b".utf8) }
        _ = try await cache.answer(Self.key("a"), at: Self.version) { Data("a2".utf8) }
        _ = try await cache.answer(Self.key("c"), at: Self.version) { Data("c".utf8) }
        #expect(try await cache.answer(Self.key("a"), at: Self.version) { Data("a3".utf8) }.body == Data("a".utf8))
        #expect(try await cache.answer(Self.key("b"), at: Self.version) { Data("b2".utf8) }.body == Data("b2".utf8))
    }

    @Test("requests for an answer being made wait for it instead of making it again")
    func madeOnce() async throws {
        let cache = MemberReadCache()
        let key = Self.key("bulletins")
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.answer(key, at: Self.version) {
                        // Whichever request makes it finishes once the other 19 wait for it.
                        while cache.waiting(for: key) < 19 { await Task.yield() }
                        return Data("a".utf8)
                    }.body
                }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies.count == 20)
        #expect(bodies.allSatisfy { $0 == Data("a".utf8) })
        #expect(cache.answersMade("bulletins") == 1)
    }

    @Test("it keeps no more bytes than it is given")
    func byteBound() async throws {
        let cache = MemberReadCache(capacity: 100, maxBytes: 10)
        _ = try await cache.answer(Self.key("a"), at: Self.version) { Data(count: 6) }
        _ = try await cache.answer(Self.key("b"), at: Self.version) { Data(count: 6) }
        #expect(try await cache.answer(Self.key("a"), at: Self.version) { Data(count: 1) }.body.count == 1)
    }
}
