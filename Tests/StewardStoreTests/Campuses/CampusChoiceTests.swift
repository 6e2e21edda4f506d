import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Campuses and ministries for the apps, on every backend: members read them at `/campuses` and
/// `/ministries`, keep their choice at `me/campus`, and then read the events and resources that
/// concern it (a record tagged with none concerns everyone; a member who chose nothing, staff
/// and API tokens read every record). Entity tags follow the answer, so they differ by choice.
@Suite("Campuses and ministries for the apps")
struct CampusChoiceTests {
    struct Pushed {
        var north: String
        var downtown: String
        var students: String
        var families: String
    }

    /// Two campuses, two ministries; four events next week and four resources: one for North,
    /// one for Downtown's families, one for students anywhere, one for everyone.
    static func push(_ store: TestStore) async throws -> Pushed {
        let ids = Pushed(north: Fixtures.newRecordId(), downtown: Fixtures.newRecordId(),
                         students: Fixtures.newRecordId(), families: Fixtures.newRecordId())
        var mutations = [
            try KitFixtures.upsert(1, "campus", ids.north, #"{"name": "North Campus", "position": 1}"#),
            try KitFixtures.upsert(2, "campus", ids.downtown, #"{"name": "Downtown", "address": "1 Main St", "position": 2}"#),
            try KitFixtures.upsert(3, "ministry", ids.students, #"{"name": "Students"}"#),
            try KitFixtures.upsert(4, "ministry", ids.families, #"{"name": "Families"}"#),
        ]
        let tagged: [(String, String, String)] = [("North Night", ids.north, ""), ("Downtown Families", ids.downtown, ids.families),
                                                  ("Student Lunch", "", ids.students), ("Everyone Picnic", "", "")]
        let base = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 8 * 86_400)
        for (index, (title, campus, ministry)) in tagged.enumerated() {
            var details = EventDetails(title: title, timing: .timed(start: base.addingTimeInterval(Double(index) * 86_400),
                                                                    end: base.addingTimeInterval(Double(index) * 86_400 + 3600),
                                                                    timeZone: "America/Chicago"))
            details.campus = campus
            details.ministry = ministry
            mutations.append(Fixtures.upsert(Int64(5 + index * 2), Fixtures.newRecordId(), fields: details.syncFields))
            var resource: [String: JSONValue] = ["title": .string(title + " Guide"), "kind": .string("article"), "summary": .string("Read me")]
            if !campus.isEmpty { resource["campus"] = .string(campus) }
            if !ministry.isEmpty { resource["ministry"] = .string(ministry) }
            mutations.append(Mutation(id: Int64(6 + index * 2), entity: "ministryResource", recordId: Fixtures.newRecordId(),
                                      operation: .upsert, baseVersion: 0, fields: .object(resource)))
        }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: mutations))
        #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer)")
        return ids
    }

    static func choose(_ store: TestStore, _ token: String, _ body: JSONValue) async throws -> TestResponse {
        try await store.request(.put, "/v1/orgs/\(store.org)/me/campus", token: token, body: store.json(body))
    }

    static func upcoming(_ store: TestStore, _ token: String) async throws -> [String] {
        let answer = try await store.request(.get, "/v1/orgs/\(store.org)/events/upcoming", token: token)
        #expect(answer.status == .ok, "\(answer.text)")
        return try answer.decode(UpcomingEventsResponse.self).events.compactMap { $0.fields["title"]?.stringValue }
    }

    static func resources(_ store: TestStore, _ token: String) async throws -> [String] {
        let answer = try await store.request(.get, "/v1/orgs/\(store.org)/ministry-resources", token: token)
        #expect(answer.status == .ok, "\(answer.text)")
        return (try JSONValue.parse(answer.text)["items"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }.sorted()
    }

    @Test("members read the campuses and the ministries whole, in their order, with an entity tag", arguments: Backend.available)
    func lists(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let ids = try await Self.push(store)
            let sam = try await store.newMember("sam")
            let campuses = try await store.request(.get, "/v1/orgs/\(store.org)/campuses", token: sam.access)
            #expect(campuses.status == .ok, "\(campuses.text)")
            let body = try JSONValue.parse(campuses.text)
            #expect(body["entity"] == .string("campus"))
            let items = body["items"]?.arrayValue ?? []
            #expect(items.compactMap { $0["name"]?.stringValue } == ["North Campus", "Downtown"])
            #expect(items.compactMap { $0["id"]?.stringValue } == [ids.north, ids.downtown])
            #expect(items.last?["address"]?.stringValue == "1 Main St")
            let tag = try #require(campuses.headers[.eTag])
            let again = try await store.request(.get, "/v1/orgs/\(store.org)/campuses", token: sam.access, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)

            let ministries = try await store.request(.get, "/v1/orgs/\(store.org)/ministries", token: sam.access)
            #expect(ministries.status == .ok, "\(ministries.text)")
            #expect((try JSONValue.parse(ministries.text)["items"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
                    == ["Families", "Students"])
        }
    }

    @Test("a member who chose nothing reads every event and resource; a choice keeps what concerns it", arguments: Backend.available)
    func filteredReads(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let ids = try await Self.push(store)
            let sam = try await store.newMember("sam")
            let every = ["North Night", "Downtown Families", "Student Lunch", "Everyone Picnic"]
            #expect(try await Self.upcoming(store, sam.access) == every)
            #expect(try await Self.resources(store, sam.access) == every.map { $0 + " Guide" }.sorted())
            let mine = try await store.request(.get, "/v1/orgs/\(store.org)/me/campus", token: sam.access)
            #expect(mine.status == .ok)
            #expect(try JSONValue.parse(mine.text) == .object(["campus": .null, "ministry": .null]))

            // North: its own and what names no campus.
            let chosen = try await Self.choose(store, sam.access, .object(["campus": .string(ids.north.uppercased())]))
            #expect(chosen.status == .ok, "\(chosen.text)")
            #expect(try JSONValue.parse(chosen.text) == .object(["campus": .string(ids.north), "ministry": .null]))
            #expect(try await Self.upcoming(store, sam.access) == ["North Night", "Student Lunch", "Everyone Picnic"])
            #expect(try await Self.resources(store, sam.access) == ["Everyone Picnic Guide", "North Night Guide", "Student Lunch Guide"])
            let from = LocalDate(Date(), in: TimeZone(identifier: "America/Chicago")!)
            let range = try await store.request(.get, "/v1/orgs/\(store.org)/events?from=\(from)&to=\(from.adding(days: 30))",
                                                token: sam.access)
            #expect((try JSONValue.parse(range.text)["items"]?.arrayValue ?? []).compactMap { $0["fields"]?["title"]?.stringValue }
                    == ["North Night", "Student Lunch", "Everyone Picnic"])

            // Downtown's families: Downtown's family event, and what names neither.
            _ = try await Self.choose(store, sam.access, .object(["campus": .string(ids.downtown), "ministry": .string(ids.families)]))
            #expect(try await Self.upcoming(store, sam.access) == ["Downtown Families", "Everyone Picnic"])

            // Another member, and staff, read everything still.
            let ava = try await store.newMember("ava")
            #expect(try await Self.upcoming(store, ava.access) == every)
            #expect(try await Self.upcoming(store, store.reader) == every)

            // Choosing none again: everything.
            _ = try await Self.choose(store, sam.access, .object(["campus": .null, "ministry": .string("")]))
            #expect(try await Self.upcoming(store, sam.access) == every)
        }
    }

    @Test("the resources' entity tag follows the member's choice", arguments: Backend.available)
    func entityTagsByChoice(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let ids = try await Self.push(store)
            let sam = try await store.newMember("sam")
            let path = "/v1/orgs/\(store.org)/ministry-resources"
            let all = try await store.request(.get, path, token: sam.access)
            let allTag = try #require(all.headers[.eTag])
            #expect(try await store.request(.get, path, token: sam.access, headers: [.ifNoneMatch: allTag]).status == .notModified)
            _ = try await Self.choose(store, sam.access, .object(["ministry": .string(ids.students)]))
            let students = try await store.request(.get, path, token: sam.access, headers: [.ifNoneMatch: allTag])
            #expect(students.status == .ok, "a new choice is a new answer, not a 304")
            let studentsTag = try #require(students.headers[.eTag])
            #expect(studentsTag != allTag)
            #expect(try await store.request(.get, path, token: sam.access, headers: [.ifNoneMatch: studentsTag]).status == .notModified)
        }
    }

    @Test("a choice that names no campus of the organization, or is malformed, is refused and keeps nothing", arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let ids = try await Self.push(store)
            let sam = try await store.newMember("sam")
            let unknown = try await Self.choose(store, sam.access, .object(["campus": .string(Fixtures.newRecordId())]))
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("campus: no campus with that id"), "\(unknown.text)")
            // A ministry's id is no campus.
            let crossed = try await Self.choose(store, sam.access, .object(["campus": .string(ids.students)]))
            #expect(crossed.status == .notFound)
            let malformed = try await Self.choose(store, sam.access, .object(["ministry": .string("students")]))
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains("ministry: must be a ministry's id"), "\(malformed.text)")
            let notObject = try await Self.choose(store, sam.access, .array([]))
            #expect(notObject.status == .badRequest)
            let staff = try await Self.choose(store, store.admin, .object([:]))
            #expect(staff.status == .forbidden)
            #expect(try await store.stored("campusChoice", sam.id) == nil)
            // Members never read anyone's choices.
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/campus-choices", token: sam.access).status == .notFound)
        }
    }

    @Test("an event naming a campus the store does not hold is refused", arguments: Backend.available)
    func unknownCampus(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            var details = EventDetails(title: "Lost", timing: .untimed)
            details.campus = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId(), fields: details.syncFields)]))
            #expect(answer.results.map(\.status) == [.rejected])
            #expect(answer.results.first?.reason?.hasPrefix("campus: there is no campus") == true, "\(answer)")
        }
    }
}
