import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// "Get involved" answers from the app, on every backend: a signed-in member's answer becomes
/// a new lead staff pull; the store sets who sent it, when and its state, and refuses what the
/// app may not send, with a message naming the field.
@Suite("Leads from the app")
struct LeadEndpointTests {
    static func path(_ store: TestStore) -> String { "/v1/orgs/\(store.org)/me/leads" }

    @Test("a member's answer is a new lead, theirs, routed to nobody", arguments: Backend.available)
    func memberAnswers(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let sam = try await store.newMember("sam")
            let body: JSONValue = .object(["name": .string("Sam Rivera"), "contact": .string("+1 805 555 0142"),
                                           "interests": .string("small group"), "availability": .string("Tuesday nights")])
            let answer = try await store.request(.post, Self.path(store), token: sam.access, body: store.json(body))
            #expect(answer.status == .created, "\(answer.text)")
            let view = try JSONValue.parse(Data(answer.body.readableBytesView))
            #expect(view["state"]?.stringValue == "new")
            #expect(view["notes"] == nil, "staff's notes are never sent back")
            let id = view["id"]?.stringValue ?? ""
            let stored = try await store.stored("lead", id)
            #expect(stored?.fields["member"]?.stringValue == sam.id)
            #expect(stored?.fields["name"]?.stringValue == "Sam Rivera")
            #expect(stored?.fields["group"] == .null)
            #expect(stored?.fields["receivedAt"]?.stringValue?.isEmpty == false)
            // Staff see it in their pull; members never read leads.
            let pulled = try await store.pullAll().records.filter { $0.entity == "lead" }
            #expect(pulled.map(\.id) == [id])
            let read = try await store.request(.get, "/v1/orgs/\(store.org)/leads", token: sam.access)
            #expect(read.status == .notFound)
        }
    }

    @Test("name and contact default to the member's account", arguments: Backend.available)
    func defaultsFromAccount(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let sam = try await store.newMember("sam")
            let answer = try await store.request(.post, Self.path(store), token: sam.access,
                                                 body: store.json(.object(["interests": .string("worship team")])))
            #expect(answer.status == .created, "\(answer.text)")
            let view = try JSONValue.parse(Data(answer.body.readableBytesView))
            #expect(view["contact"]?.stringValue?.contains("@") == true, "\(answer.text)")
            #expect(view["name"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("bad answers get a 4xx naming the field, and store nothing", arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let good: JSONValue = .object(["name": .string("Sam"), "contact": .string("sam@example.org")])
            let visitor = try await store.request(.post, Self.path(store), token: nil, body: store.json(good))
            #expect(visitor.status == .unauthorized)
            let staff = try await store.request(.post, Self.path(store), token: store.admin, body: store.json(good))
            #expect(staff.status == .forbidden)
            let sam = try await store.newMember("sam")
            let badContact = try await store.request(.post, Self.path(store), token: sam.access,
                                                     body: store.json(.object(["name": .string("Sam"), "contact": .string("ask Jo")])))
            #expect(badContact.status == .badRequest)
            #expect(badContact.text.contains("contact"), "\(badContact.text)")
            let selfRouted = try await store.request(.post, Self.path(store), token: sam.access,
                                                     body: store.json(.object(["name": .string("Sam"), "contact": .string("sam@example.org"),
                                                                               "state": .string("joined")])))
            #expect(selfRouted.status == .badRequest)
            #expect(selfRouted.text.contains("state"), "\(selfRouted.text)")
            let notJSON = try await store.request(.post, Self.path(store), token: sam.access, body: Data("name=Sam".utf8))
            #expect(notJSON.status == .badRequest)
            let tooLong = try await store.request(.post, Self.path(store), token: sam.access,
                                                  body: store.json(.object(["name": .string(String(repeating: "a", count: 200)),
                                                                            "contact": .string("sam@example.org")])))
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.text.contains("name"), "\(tooLong.text)")
            let leads = try await store.pullAll().records.filter { $0.entity == "lead" }
            #expect(leads.isEmpty)
        }
    }

    @Test("resources for group leaders reach only members who lead a group", arguments: Backend.available)
    func leadersOnlyResources(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let leader = try await store.newMember("hannah")
            let student = try await store.newMember("ava")
            func resource(_ n: Int64, _ title: String, leadersOnly: Bool) -> Mutation {
                Mutation(id: n, entity: "ministryResource", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["title": .string(title), "kind": .string("article"), "summary": .string("Read me"),
                                          "leadersOnly": .bool(leadersOnly)]))
            }
            let group = Mutation(id: 3, entity: "communityGroup", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                                 fields: .object(["name": .string("North Campus Women"), "leader": .string("Hannah"),
                                                  "leaderContact": .string("hannah@example.org"), "leaderMember": .string(leader.id),
                                                  "meetingDay": .string("tuesday"), "meetingTime": .string("19:30"),
                                                  "place": .string("Lounge")]))
            let pushed = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                resource(1, "Why Community Matters", leadersOnly: false), resource(2, "Leading a Discussion", leadersOnly: true), group]))
            #expect(pushed.results.map(\.status) == [.applied, .applied, .applied], "\(pushed.results)")
            func titles(_ token: String) async throws -> [String] {
                let read = try await store.request(.get, "/v1/orgs/\(store.org)/ministry-resources", token: token)
                #expect(read.status == .ok, "\(read.text)")
                let items = try JSONValue.parse(Data(read.body.readableBytesView))["items"]?.arrayValue ?? []
                return items.compactMap { $0["title"]?.stringValue }.sorted()
            }
            #expect(try await titles(student.access) == ["Why Community Matters"])
            #expect(try await titles(leader.access) == ["Leading a Discussion", "Why Community Matters"])
            #expect(try await titles(store.admin) == ["Leading a Discussion", "Why Community Matters"])
        }
    }
}
