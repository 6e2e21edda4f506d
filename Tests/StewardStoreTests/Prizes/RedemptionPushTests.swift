import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The store admits a redemption only when the member has the prize's level and the prize is
/// available, in stock and under its limit, whatever the console decided offline; on every backend.
@Suite("Prize redemptions on the store")
struct RedemptionPushTests {
    static func upsert(_ id: Int64, _ entity: String, _ recordId: String, _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: id, entity: entity, recordId: recordId, operation: .upsert, baseVersion: 0, fields: .object(fields))
    }

    static func redemption(_ id: Int64, prize: String, member: String, at: Date = Date()) -> Mutation {
        upsert(id, "redemption", Fixtures.newRecordId(), ["prize": .string(prize), "member": .string(member),
                                                          "at": .string(DateTimeText.utc(at)), "by": .string("staff@riverton.example")])
    }

    static func stamps(_ id: Int64, member: String, event: String, count: Int64) -> Mutation {
        upsert(id, "stamp", CheckInRules.entryId(member: member, event: event),
               ["member": .string(member), "event": .string(event), "stamps": .int(count), "kind": .string("grant"),
                "by": .string("staff@riverton.example"), "at": .string("2026-11-20T15:00:00.000Z"), "note": .string("Paper sheet")])
    }

    /// A silver level (10 stamps), a prize at it with `stock`, and an event worth `stamps`.
    static func setUp(_ store: TestStore, stock: Int64?, limit: Int64 = 1,
                      extra: [String: JSONValue] = [:]) async throws -> (prize: String, event: String) {
        let level = Fixtures.newRecordId(), prize = Fixtures.newRecordId(), event = Fixtures.newRecordId()
        var fields: [String: JSONValue] = ["name": .string("River Festival T-shirt"), "level": .string(level),
                                           "limitPerMember": .int(limit)]
        if let stock { fields["stock"] = .int(stock) }
        fields.merge(extra) { _, new in new }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("setup"), mutations: [
            upsert(1, "passportLevel", level, ["name": .string("Silver"), "stamps": .int(10)]),
            upsert(2, "prize", prize, fields),
            Mutation(id: 3, entity: "event", recordId: event, operation: .upsert, baseVersion: 0,
                     fields: TestStore.eventFields("Food Fair")),
        ]))
        #expect(answer.results.map(\.status) == [.applied, .applied, .applied], "\(answer.results)")
        return (prize, event)
    }

    @Test("concurrent redemptions of the last item from two consoles: one is stored, the other refused saying so",
          arguments: Backend.available)
    func lastItemOnce(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (prize, event) = try await Self.setUp(store, stock: 1)
            let ann = try await store.newMember("ann"), ben = try await store.newMember("ben")
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("ledger"), mutations: [
                Self.stamps(1, member: ann.id, event: event, count: 12),
                Self.stamps(2, member: ben.id, event: event, count: 12),
            ]))
            let answers = try await withThrowingTaskGroup(of: PushResponse.self) { group in
                for (index, member) in [ann, ben].enumerated() {
                    group.addTask {
                        try await store.pushOK(PushRequest(clientId: Fixtures.clientId("console\(index)"),
                                                           mutations: [Self.redemption(1, prize: prize, member: member.id)]))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = answers.map { $0.results[0].status }
            #expect(statuses.filter { $0 == .applied }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .rejected }.count == 1, "\(statuses)")
            let refusal = answers.compactMap { $0.results[0].reason }.first ?? ""
            #expect(refusal == "prize: “River Festival T-shirt” is out of stock: its one item has been claimed", "\(refusal)")
            let stored = try await store.pullAll().records.filter { $0.entity == "redemption" && !$0.deleted }
            #expect(stored.count == 1)
        }
    }

    @Test("level, per-member limit, window and retirement are enforced; a retired prize keeps its claims",
          arguments: Backend.available)
    func rules(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (prize, event) = try await Self.setUp(store, stock: 10, limit: 1)
            let ann = try await store.newMember("ann"), cal = try await store.newMember("cal")
            let client = Fixtures.clientId("console")
            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Self.stamps(1, member: ann.id, event: event, count: 10),
                Self.stamps(2, member: cal.id, event: event, count: 9),
                // Cal is one stamp short of silver.
                Self.redemption(3, prize: prize, member: cal.id),
                Self.redemption(4, prize: prize, member: ann.id),
                // A second for Ann goes over the limit of one per member.
                Self.redemption(5, prize: prize, member: ann.id),
                // Handed over "tomorrow": refused.
                Self.redemption(6, prize: prize, member: ann.id, at: Date().addingTimeInterval(86_400)),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .rejected, .applied, .rejected, .rejected])
            #expect(answer.results[2].reason?.contains("has 9 stamps; “River Festival T-shirt” needs the Silver level (10 stamps)") == true,
                    "\(answer.results[2].reason ?? "")")
            #expect(answer.results[4].reason?.contains("has already claimed “River Festival T-shirt” 1 time; the limit is 1 per member") == true,
                    "\(answer.results[4].reason ?? "")")
            #expect(answer.results[5].reason?.hasPrefix("at: is in the future") == true, "\(answer.results[5].reason ?? "")")

            // Retired: no new claims, and Ann's stays.
            let current = try #require(try await store.stored("prize", prize))
            guard case .object(var fields) = current.fields else { throw TestSetupError("the prize has no fields") }
            fields["retired"] = .bool(true)
            let retired = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 7, entity: "prize", recordId: prize, operation: .upsert, baseVersion: current.version, fields: .object(fields)),
            ]))
            #expect(retired.results[0].status == .applied)
            let late = try await store.pushOK(PushRequest(clientId: client, mutations: [Self.redemption(8, prize: prize, member: cal.id)]))
            #expect(late.results[0].status == .rejected)
            #expect(late.results[0].reason?.contains("is retired and takes no new claims") == true, "\(late.results[0].reason ?? "")")
            let claims = try await store.pullAll().records.filter { $0.entity == "redemption" && !$0.deleted }
            #expect(claims.map { $0.fields["member"]?.stringValue } == [ann.id])
        }
    }

    @Test("a prize not yet open or already closed refuses claims", arguments: Backend.available)
    func window(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let future = DateTimeText.utc(Date().addingTimeInterval(7 * 86_400))
            let (prize, event) = try await Self.setUp(store, stock: nil, extra: ["availableFrom": .string(future)])
            let ann = try await store.newMember("ann")
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("console"), mutations: [
                Self.stamps(1, member: ann.id, event: event, count: 15),
                Self.redemption(2, prize: prize, member: ann.id),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .rejected])
            #expect(answer.results[1].reason?.contains("can be claimed from") == true, "\(answer.results[1].reason ?? "")")
        }
    }
}
