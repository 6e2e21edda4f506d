import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The leaderboard's `shown` flag in the store's totals, kept by triggers on both backends:
/// a member who opts out, or is marked a minor, leaves every page and the ranks close up
/// behind them; ties still share ranks, deep pages and a member's own place agree.
@Suite("Leaderboard shown flag")
struct LeaderboardShownTests {
    @Test("opt-outs and minors leave the pages and ranks close up; opting in brings them back", arguments: Backend.available)
    func ranksCloseUp(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let events = try await [0, 1, 2, 3].asyncMap { index in
                try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Event \(index)"), stamps: 1, key: false)
            }
            let start = Date().addingTimeInterval(-86_400)
            var hour = 0.0
            var members: [String: TestMember] = [:]
            var names: [String: String] = [:]  // member id -> name
            for (name, stamps) in [("Ada", 4), ("Bea", 3), ("Cy", 3), ("Dot", 2), ("Eli", 2), ("Fay", 1)] {
                let member = try await store.newMember(name.lowercased())
                members[name] = member
                names[member.id] = name
                for index in 0..<stamps {
                    hour += 1
                    try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                        member: member.id, event: events[index].id, stamps: 1, kind: .grant, by: "staff",
                        at: start.addingTimeInterval(hour * 3600), note: "Sheet"))
                }
            }
            func board(offset: Int = 0, limit: Int = 10) async throws -> [String] {
                try await store.repository.leaderboard(org: store.org, offset: offset, limit: limit, levels: .standard)
                    .map { "\(names[$0.member] ?? $0.member) \($0.rank)" }
            }
            func place(_ name: String) async throws -> Int? {
                try await store.repository.leaderboardPlace(org: store.org, member: members[name]!.id, levels: .standard)?.rank
            }
            func change(_ name: String, _ fields: [String: JSONValue]) async throws {
                let made = try await store.decide(entity: RecordType.member.entity, id: members[name]!.id, fields: fields,
                                                  token: store.admin)
                #expect(made.status == .applied, "\(made)")
            }

            #expect(try await board() == ["Ada 1", "Bea 2", "Cy 2", "Dot 4", "Eli 4", "Fay 6"])
            // A page starting inside a tie takes the tie's rank, not its place.
            #expect(try await board(offset: 2, limit: 2) == ["Cy 2", "Dot 4"])
            #expect(try await board(offset: 4, limit: 5) == ["Eli 4", "Fay 6"])
            #expect(try await board(offset: 6) == [])
            #expect(try await place("Eli") == 4)

            try await change("Bea", ["leaderboard": .string("opt-out")])
            #expect(try await board() == ["Ada 1", "Cy 2", "Dot 3", "Eli 3", "Fay 5"])
            #expect(try await board(offset: 1, limit: 1) == ["Cy 2"])
            #expect(try await place("Bea") == nil)
            #expect(try await place("Eli") == 3)

            // A minor is hidden until they or their guardian opt in.
            try await change("Dot", ["minor": .bool(true)])
            #expect(try await board() == ["Ada 1", "Cy 2", "Eli 3", "Fay 4"])
            #expect(try await place("Fay") == 4)
            try await change("Dot", ["minor": .bool(true), "leaderboard": .string("opt-in")])
            try await change("Bea", ["leaderboard": .string("default")])
            #expect(try await board() == ["Ada 1", "Bea 2", "Cy 2", "Dot 4", "Eli 4", "Fay 6"])
            #expect(try await place("Dot") == 4)

            // A stamp after the change keeps the flag: Fay's second stamp ties her with Dot and Eli.
            hour += 1
            try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                member: members["Fay"]!.id, event: events[1].id, stamps: 1, kind: .grant, by: "staff",
                at: start.addingTimeInterval(hour * 3600), note: "Sheet"))
            #expect(try await board(offset: 3) == ["Dot 4", "Eli 4", "Fay 4"])
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
