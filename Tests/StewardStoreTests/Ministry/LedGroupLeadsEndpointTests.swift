import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Joining a group, on every backend: the questionnaire's answers arrive with a lead from the
/// app; a lead routed to a group tells its leader on their devices (the console's notice, queued
/// as the store stores it), and the leader, and only the leader, reads the leads routed to
/// their groups.
@Suite("Leads for group leaders")
struct LedGroupLeadsEndpointTests {
    static func leadsPath(_ store: TestStore) -> String { "/v1/orgs/\(store.org)/me/leads" }
    static func ledPath(_ store: TestStore) -> String { "/v1/orgs/\(store.org)/me/led-groups/leads" }

    static func mutation(_ n: Int64, _ entity: String, _ id: String, _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: n, entity: entity, recordId: id, operation: .upsert, baseVersion: 0, fields: .object(fields))
    }

    static func group(_ name: String, leader: String?) -> [String: JSONValue] {
        var fields: [String: JSONValue] = ["name": .string(name), "leader": .string("Hannah"), "leaderContact": .string("hannah@example.org"),
                                           "meetingDay": .string("tuesday"), "meetingTime": .string("19:30"), "place": .string("Lounge"),
                                           "gender": .string("women"), "years": .array([.string("sophomore")])]
        if let leader { fields["leaderMember"] = .string(leader) }
        return fields
    }

    static func lead(_ name: String, group: String?) -> [String: JSONValue] {
        ["name": .string(name), "contact": .string("\(name.lowercased())@calpoly.example"), "interests": .string("bible study"),
         "gender": .string("woman"), "year": .string("sophomore"), "state": .string("new"),
         "group": group.map(JSONValue.string) ?? .null, "notes": .string("Met her at the welcome table")]
    }

    @Test("the questionnaire's answers arrive with the lead; a wrong word is refused naming its field", arguments: Backend.available)
    func questionnaire(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ava = try await store.newMember("ava")
            let body: JSONValue = .object(["name": .string("Ava Thompson"), "contact": .string("ava@calpoly.example"),
                                           "interests": .string("bible study, worship"), "availability": .string("weekday evenings"),
                                           "gender": .string("woman"), "year": .string("sophomore"), "area": .string("North Campus"),
                                           "freeDays": .array([.string("tuesday"), .string("Thursday")]),
                                           "freeTimes": .array([.string("evening")])])
            let answer = try await store.request(.post, Self.leadsPath(store), token: ava.access, body: store.json(body))
            #expect(answer.status == .created, "\(answer.text)")
            let view = try JSONValue.parse(Data(answer.body.readableBytesView))
            #expect(view["year"]?.stringValue == "sophomore")
            let stored = try #require(try await store.stored("lead", view["id"]?.stringValue ?? ""))
            #expect(stored.fields["gender"]?.stringValue == "woman")
            #expect(stored.fields["area"]?.stringValue == "North Campus")
            #expect(stored.fields["freeDays"] == .array([.string("tuesday"), .string("thursday")]))
            #expect(stored.fields["freeTimes"] == .array([.string("evening")]))
            // What the app sent before the questionnaire still arrives as it did.
            let plain = try await store.request(.post, Self.leadsPath(store), token: ava.access,
                                                body: store.json(.object(["name": .string("Ava"), "contact": .string("ava@calpoly.example")])))
            #expect(plain.status == .created, "\(plain.text)")
            let plainId = try JSONValue.parse(Data(plain.body.readableBytesView))["id"]?.stringValue ?? ""
            #expect(try await store.stored("lead", plainId)?.fields["freeDays"] == nil)
            for (key, value, reported) in [("freeDays", JSONValue.array([.string("someday")]), "free-days"),
                                           ("year", .string("fifth"), "year"), ("team", .string(Fixtures.newRecordId()), "team")] {
                let refused = try await store.request(.post, Self.leadsPath(store), token: ava.access,
                                                      body: store.json(.object(["name": .string("Ava"), "contact": .string("ava@calpoly.example"),
                                                                                key: value])))
                #expect(refused.status == .badRequest, "\(key): \(refused.text)")
                #expect(refused.text.contains(reported), "\(refused.text)")
            }
        }
    }

    @Test("a group's leader reads the leads routed to their groups, without staff's notes; other members are refused",
          arguments: Backend.available)
    func leaderReads(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let hannah = try await store.newMember("hannah")
            let ava = try await store.newMember("ava")
            let led = Fixtures.newRecordId(), other = Fixtures.newRecordId()
            let ours = Fixtures.newRecordId(), theirs = Fixtures.newRecordId(), nobodys = Fixtures.newRecordId()
            let pushed = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Self.mutation(1, "communityGroup", led, Self.group("North Campus Women", leader: hannah.id)),
                Self.mutation(2, "communityGroup", other, Self.group("South Campus Women", leader: nil)),
                Self.mutation(3, "lead", ours, Self.lead("Ava", group: led)),
                Self.mutation(4, "lead", theirs, Self.lead("Bea", group: other)),
                Self.mutation(5, "lead", nobodys, Self.lead("Cy", group: nil)),
            ]))
            #expect(pushed.results.map(\.status) == Array(repeating: .applied, count: 5), "\(pushed.results)")

            let read = try await store.request(.get, Self.ledPath(store), token: hannah.access)
            #expect(read.status == .ok, "\(read.text)")
            let view = try JSONValue.parse(Data(read.body.readableBytesView))
            let items = view["items"]?.arrayValue ?? []
            #expect(items.map { $0["id"]?.stringValue } == [ours])
            #expect(items.first?["contact"]?.stringValue == "ava@calpoly.example")
            #expect(items.first?["year"]?.stringValue == "sophomore")
            #expect(items.first?["notes"] == nil, "staff's notes stay with staff")
            #expect(items.first?["member"] == nil)
            #expect(view["groups"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["North Campus Women"])

            let student = try await store.request(.get, Self.ledPath(store), token: ava.access)
            #expect(student.status == .forbidden, "\(student.text)")
            #expect(!student.text.contains("calpoly"), "no lead's contact in a refusal")
            let visitor = try await store.request(.get, Self.ledPath(store), token: nil)
            #expect(visitor.status == .unauthorized)
            let staff = try await store.request(.get, Self.ledPath(store), token: store.admin)
            #expect(staff.status == .forbidden, "staff read leads through their pull")
        }
    }

    @Test("the notice of a lead routed to a group is queued for its leader's devices, once", arguments: Backend.available)
    func noticeQueued(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let hannah = try await store.newMember("hannah")
            let ava = try await store.newMember("ava")
            try await AnnouncementDeliveryTests.registerAPNs(store, hannah, token: AnnouncementDeliveryTests.token(41))
            try await AnnouncementDeliveryTests.registerAPNs(store, ava, token: AnnouncementDeliveryTests.token(42))
            let group = Fixtures.newRecordId(), lead = Fixtures.newRecordId(), notice = Fixtures.newRecordId()
            // As the console sends a routing: the lead, then the notice made with it.
            let pushed = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Self.mutation(1, "communityGroup", group, Self.group("North Campus Women", leader: hannah.id)),
                Self.mutation(2, "lead", lead, Self.lead("Ava", group: group)),
                Self.mutation(3, "leadNotice", notice, ["lead": .string(lead), "group": .string(group), "member": .string(hannah.id),
                                                        "message": .string("Ava would like to join North Campus Women"),
                                                        "at": .string(DateTimeText.utc(Date()))]),
            ]))
            #expect(pushed.results.map(\.status) == [.applied, .applied, .applied], "\(pushed.results)")
            let report = try await store.repository.pushReport(org: store.org, messageId: "leadNotice:\(notice)")
            #expect(report != nil, "queued with the notice")
            #expect(report?.sentAt == nil)

            let sender = AnnouncementDeliveryTests.FakeSender()
            let service = AnnouncementDeliveryTests.service(store, sender)
            try await service.runRound(now: Date())
            try await service.runRound(now: Date())
            #expect(sender.sentAddresses == [AnnouncementDeliveryTests.token(41)], "the leader's device alone, once")
            #expect(sender.sent.first?.message.body == "Ava would like to join North Campus Women")
            #expect(sender.sent.first?.message.record == "lead:\(lead)")
            // A notice is never changed: the same routing told again is refused.
            let again = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Mutation(id: 1, entity: "leadNotice", recordId: notice, operation: .upsert, baseVersion: 1,
                         fields: .object(["lead": .string(lead), "group": .string(group), "member": .string(hannah.id),
                                          "message": .string("Again"), "at": .string(DateTimeText.utc(Date()))])),
            ]))
            #expect(again.results.first?.status != .applied)
        }
    }
}
