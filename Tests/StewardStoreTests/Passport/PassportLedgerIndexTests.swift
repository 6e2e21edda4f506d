import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// The store's index of the passport ledger (`stamp_entries`, `stamp_totals`), kept by
/// triggers on every backend: totals follow grants, check-ins and revocations; a member can
/// check in again after their check-in was revoked; the leaderboard's first page ranks as
/// `Leaderboard` does.
@Suite("Passport ledger index")
struct PassportLedgerIndexTests {
    static func push(_ store: TestStore, _ fields: JSONValue, id: String = Fixtures.newRecordId()) async throws {
        guard case .object(let values) = fields else { return }
        let pushed = try await store.decide(entity: RecordType.stamp.entity, id: id, fields: values, token: store.admin)
        #expect(pushed.status == .applied, "\(pushed)")
    }

    @Test("totals follow grants and revocations; a revoked check-in can be made again, as the next round",
          arguments: Backend.available)
    func totalsAndRounds(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let event = try await CheckInTests.passportEvent(store, fields: CheckInTests.now(), stamps: 3)
            let other = try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Book swap"), stamps: 2)
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id) == nil)
            let grantId = Fixtures.newRecordId()
            try await Self.push(store, StampEntry.fields(member: member.id, event: other.id, stamps: 2, kind: .grant,
                                                        by: "staff", at: Date(), note: "Paper sheet"), id: grantId)
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 2)

            let code = CheckInCode(secret: event.secret).code(at: Date())
            let first = try await CheckInTests.checkIn(store, member, event: event.id, code: code)
            #expect(first.status == .created, "\(first.text)")
            let firstId = try JSONValue.parse(Data(first.body.readableBytesView))["entry"]?["id"]?.stringValue ?? ""
            #expect(firstId == CheckInRules.entryId(member: member.id, event: event.id))
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 5)

            // Staff revoke the check-in: the total drops, and the member may check in again.
            try await Self.push(store, StampEntry.fields(member: member.id, event: event.id, stamps: -3, kind: .revoke,
                                                        by: "staff", at: Date(), note: "Was not there", reverses: firstId))
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 2)
            let entries = try await store.repository.stampEntries(org: store.org, member: member.id, event: event.id)
            #expect(StampStanding(entries).held == nil)
            #expect(StampStanding(entries).round == 1)
            let again = try await CheckInTests.checkIn(store, member, event: event.id, code: code)
            #expect(again.status == .created, "\(again.text)")
            let answer = try JSONValue.parse(Data(again.body.readableBytesView))
            #expect(answer["entry"]?["id"]?.stringValue == CheckInRules.entryId(member: member.id, event: event.id, round: 1))
            #expect(answer["total"]?.int64Value == 5)
            let third = try await CheckInTests.checkIn(store, member, event: event.id, code: code)
            #expect(third.status == .conflict)
            #expect(try await store.repository.stampTotal(org: store.org, member: member.id)?.stamps == 5)
        }
    }

    @Test("the leaderboard's first page: ties share a rank, opt-outs and minors are left off", arguments: Backend.available)
    func leaderboard(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let events = try await (0..<4).asyncMap { index in
                try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Event \(index)"), stamps: 1, key: false)
            }
            let start = Date().addingTimeInterval(-86_400)
            // (name, stamps, minor, choice); each stamp an hour apart, in this order.
            let people: [(String, Int, Bool, String?)] = [("Ada", 3, false, nil), ("Bea", 2, false, nil), ("Cy", 2, false, nil),
                                                           ("Dot", 4, false, "opt-out"), ("Eli", 4, true, nil),
                                                           ("Fay", 4, true, "opt-in"), ("Gus", 1, false, nil)]
            var hour = 0.0
            var stems: [String: String] = [:]  // email -> name
            for (name, stamps, minor, choice) in people {
                // Registered in the app; staff record whether they are a minor and what they chose.
                let member = try await store.newMember(name.lowercased())
                stems[member.email] = name
                var changes: [String: JSONValue] = ["minor": .bool(minor)]
                if let choice { changes["leaderboard"] = .string(choice) }
                let made = try await store.decide(entity: RecordType.member.entity, id: member.id, fields: changes, token: store.admin)
                #expect(made.status == .applied, "\(made)")
                for index in 0..<stamps {
                    hour += 1
                    try await Self.push(store, StampEntry.fields(member: member.id, event: events[index].id, stamps: 1, kind: .grant,
                                                                by: "staff", at: start.addingTimeInterval(hour * 3600), note: "Sheet"))
                }
            }
            let page = try await store.repository.leaderboard(org: store.org, limit: 4, levels: .standard)
            #expect(page.map { stems[$0.email] ?? $0.email } == ["Fay", "Ada", "Bea", "Cy"])
            #expect(page.map(\.rank) == [1, 2, 3, 3])
            #expect(page.map(\.stamps) == [4, 3, 2, 2])
            let all = try await store.repository.leaderboard(org: store.org, limit: 10, levels: .standard)
            #expect(all.map { stems[$0.email] ?? $0.email } == ["Fay", "Ada", "Bea", "Cy", "Gus"])
            #expect(all.last?.rank == 5)
        }
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
