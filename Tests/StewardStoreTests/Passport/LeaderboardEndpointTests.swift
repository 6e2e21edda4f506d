import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// `GET /v1/orgs/{org}/leaderboard`: pages ranked from the top (ties share a rank, who got
/// there first first), opt-outs and minors without an opt-in left off, and the calling member's
/// own place even when it is not on the page.
@Suite("Leaderboard endpoint")
struct LeaderboardEndpointTests {
    /// (name, stamps, minor, choice); each stamp an hour apart, in this order, so among equals
    /// the one listed first here got there first.
    static let people: [(String, Int, Bool, String?)] = [
        ("Fay", 4, true, "opt-in"), ("Ada", 3, false, nil), ("Hal", 3, false, nil), ("Dot", 4, false, "opt-out"),
        ("Eli", 4, true, nil), ("Bea", 2, false, nil), ("Cy", 2, false, nil), ("Gus", 1, false, nil),
    ]

    /// The members above with their stamps granted by staff; their tokens by name.
    static func board(_ store: TestStore) async throws -> [String: TestMember] {
        var events: [String] = []
        for index in 0..<4 {
            events.append(try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Event \(index)"), stamps: 1,
                                                               key: false).id)
        }
        let start = Date().addingTimeInterval(-86_400)
        var hour = 0.0
        var members: [String: TestMember] = [:]
        for (name, stamps, minor, choice) in people {
            let member = try await store.newMember(name.lowercased())
            members[name] = member
            var changes: [String: JSONValue] = ["minor": .bool(minor)]
            if let choice { changes["leaderboard"] = .string(choice) }
            let made = try await store.decide(entity: RecordType.member.entity, id: member.id, fields: changes, token: store.admin)
            #expect(made.status == .applied, "\(made)")
            for event in events.prefix(stamps) {
                hour += 1
                try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                    member: member.id, event: event, stamps: 1, kind: .grant, by: "staff",
                    at: start.addingTimeInterval(hour * 3600), note: "Paper sheet"))
            }
        }
        return members
    }

    static func get(_ store: TestStore, _ query: String, token: String) async throws -> (TestResponse, JSONValue) {
        let response = try await store.request(.get, "/v1/orgs/\(store.org)/leaderboard\(query)", token: token)
        return (response, (try? JSONValue.parse(Data(response.body.readableBytesView))) ?? .null)
    }

    /// The rows' members by the names above (every member registers as "Robin Organizer").
    static func names(_ answer: JSONValue, _ members: [String: TestMember]) -> [String] {
        let byId = Dictionary(uniqueKeysWithValues: members.map { ($0.value.id, $0.key) })
        return answer["rows"]?.arrayValue?.compactMap { $0["member"]?.stringValue.flatMap { byId[$0] } } ?? []
    }

    static func ranks(_ answer: JSONValue) -> [Int64] {
        answer["rows"]?.arrayValue?.compactMap { $0["rank"]?.int64Value } ?? []
    }

    @Test("pages rank from the top: ties share a rank and the next skips; hidden members leave no gap",
          arguments: Backend.available)
    func pages(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let members = try await Self.board(store)
            let gus = try #require(members["Gus"])
            let (whole, all) = try await Self.get(store, "", token: gus.access)
            #expect(whole.status == .ok, "\(whole.text)")
            #expect(Self.names(all, members) == ["Fay", "Ada", "Hal", "Bea", "Cy", "Gus"])
            #expect(Self.ranks(all) == [1, 2, 2, 4, 4, 6])
            #expect(all["more"]?.boolValue == false)
            #expect(all["rows"]?.arrayValue?.first?["level"] == .null)
            #expect(all["rows"]?.arrayValue?.first?["email"] == nil, "members see names, not e-mail addresses")

            let (_, second) = try await Self.get(store, "?limit=2&offset=2", token: gus.access)
            #expect(Self.names(second, members) == ["Hal", "Bea"])
            #expect(Self.ranks(second) == [2, 4])
            #expect(second["more"]?.boolValue == true)
            // Gus is not on that page, but the answer says where he stands.
            #expect(second["me"]?["member"]?.stringValue == gus.id)
            #expect(second["me"]?["rank"]?.int64Value == 6)
            #expect(second["me"]?["stamps"]?.int64Value == 1)

            let (_, last) = try await Self.get(store, "?limit=2&offset=4", token: gus.access)
            #expect(Self.names(last, members) == ["Cy", "Gus"])
            #expect(Self.ranks(last) == [4, 6])
            #expect(last["more"]?.boolValue == false)
        }
    }

    @Test("a member's own place: tied, hidden by an opt-out, a minor without an opt-in; staff have none",
          arguments: Backend.available)
    func ownPlace(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let members = try await Self.board(store)
            let (_, hal) = try await Self.get(store, "?limit=1", token: try #require(members["Hal"]).access)
            #expect(Self.names(hal, members) == ["Fay"])
            #expect(hal["me"]?["rank"]?.int64Value == 2)
            let (_, dot) = try await Self.get(store, "?limit=1", token: try #require(members["Dot"]).access)
            #expect(dot["me"] == .null)
            let (_, eli) = try await Self.get(store, "?limit=1", token: try #require(members["Eli"]).access)
            #expect(eli["me"] == .null)
            let (_, fay) = try await Self.get(store, "?limit=1", token: try #require(members["Fay"]).access)
            #expect(fay["me"]?["rank"]?.int64Value == 1)
            let (staff, board) = try await Self.get(store, "", token: store.admin)
            #expect(staff.status == .ok)
            #expect(board["me"] == .null)
            #expect(Self.names(board, members).count == 6)
        }
    }

    @Test("a bad limit or offset is a 400 that says which", arguments: Backend.available)
    func badQuery(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let (offset, _) = try await Self.get(store, "?offset=-1", token: member.access)
            #expect(offset.status == .badRequest)
            #expect(offset.text.contains("offset"))
            let (limit, _) = try await Self.get(store, "?limit=0", token: member.access)
            #expect(limit.status == .badRequest)
            #expect(limit.text.contains("limit"))
            let (nobody, _) = try await Self.get(store, "", token: member.access)
            #expect(nobody.status == .ok)
        }
    }
}
