import Foundation
import Testing
@testable import StewardCore

/// Levels and the leaderboard, read from the ledger.
@Suite("Passport levels and leaderboard")
struct PassportLeaderboardTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func member(_ name: String, minor: Bool = false, leaderboard: LeaderboardChoice? = nil) throws -> LocalRecord {
        var fields: [String: JSONValue] = ["displayName": .string(name), "email": .string("\(name.lowercased())@mail.example"),
                                           "audience": .string("residents"), "minor": .bool(minor)]
        if let leaderboard { fields["leaderboard"] = .string(leaderboard.rawValue) }
        return LocalRecord(entity: "member", orgId: UUID(), fields: try RecordType.member.validate(.object(fields), orgZone: zone))
    }

    static func entry(_ member: LocalRecord, _ stamps: Int, hour: Double, kind: StampKind = .checkIn,
                      reverses: String? = nil) -> StampEntry {
        StampEntry(id: UUID(), member: member.key, event: UUID().uuidString.lowercased(), stamps: stamps, kind: kind,
                   by: "", at: start.addingTimeInterval(hour * 3_600), note: "", reverses: reverses)
    }

    @Test("bronze at 7, silver at 10, gold at 15; what is missing to the next")
    func levels() {
        let levels = PassportLevels.standard
        #expect(levels.level(for: 6) == nil)
        #expect(levels.level(for: 7)?.key == "bronze")
        #expect(levels.level(for: 9)?.key == "bronze")
        #expect(levels.level(for: 10)?.key == "silver")
        #expect(levels.level(for: 15)?.key == "gold")
        #expect(levels.level(for: 40)?.key == "gold")
        #expect(levels.level(for: 7)?.name == "Bronze")
        #expect(levels.next(after: 8)?.level.key == "silver")
        #expect(levels.next(after: 8)?.missing == 2)
        #expect(levels.next(after: 15) == nil)
        let names = levels.levels.compactMap(\.declaredName)
        let own = PassportLevels([PassportLevel(key: "b", threshold: 5, name: names[2]),
                                  PassportLevel(key: "a", threshold: 2, name: names[0])])
        #expect(own.levels.map(\.key) == ["a", "b"])
    }

    @Test("ties share a rank (1, 2, 2, 4); within a tie, who reached the total first is first")
    func ties() throws {
        let ann = try Self.member("Ann"), bea = try Self.member("Bea"), cal = try Self.member("Cal"), dee = try Self.member("Dee")
        let entries = [
            Self.entry(ann, 5, hour: 1), Self.entry(ann, 5, hour: 2),
            Self.entry(bea, 3, hour: 1), Self.entry(bea, 3, hour: 9),    // 6, reached at 9
            Self.entry(cal, 6, hour: 4),                                 // 6, reached at 4: before Bea
            Self.entry(dee, 2, hour: 1),
        ]
        let rows = Leaderboard.rank(members: [dee, cal, bea, ann], totals: StampTotals(entries), levels: .standard)
        #expect(rows.map(\.name) == ["Ann", "Cal", "Bea", "Dee"])
        #expect(rows.map(\.rank) == [1, 2, 2, 4])
        #expect(rows.map(\.stamps) == [10, 6, 6, 2])
        #expect(rows.first?.level?.key == "silver")
        #expect(rows[1].reachedAt == Self.start.addingTimeInterval(4 * 3_600))
    }

    @Test("a revocation lowers the total and moves when the member reached it")
    func revocations() throws {
        let ann = try Self.member("Ann"), bea = try Self.member("Bea")
        let late = Self.entry(ann, 2, hour: 8)
        let entries = [Self.entry(ann, 4, hour: 1), late, Self.entry(ann, -2, hour: 9, kind: .revoke, reverses: late.key),
                       Self.entry(bea, 4, hour: 5)]
        let totals = StampTotals(entries)
        #expect(totals.stamps(of: ann.key) == 4)
        #expect(totals.reversed == [late.key])
        #expect(StampTotals.live(entries).count == 2)
        let rows = Leaderboard.rank(members: [ann, bea], totals: totals, levels: .standard)
        // Ann fell back to 4 at hour 9, after Bea got there at hour 5.
        #expect(rows.map(\.name) == ["Bea", "Ann"])
        #expect(rows.map(\.rank) == [1, 1])
    }

    @Test("opted-out members are left off, minors too unless they opted in; ranks count only those shown")
    func privacy() throws {
        let adult = try Self.member("Ann"), out = try Self.member("Bea", leaderboard: .optOut)
        let minor = try Self.member("Cal", minor: true), consented = try Self.member("Dee", minor: true, leaderboard: .optIn)
        let none = try Self.member("Eve")
        let entries = [Self.entry(out, 9, hour: 1), Self.entry(minor, 8, hour: 1), Self.entry(consented, 7, hour: 1),
                       Self.entry(adult, 6, hour: 1)]
        let rows = Leaderboard.rank(members: [adult, out, minor, consented, none], totals: StampTotals(entries), levels: .standard)
        #expect(rows.map(\.name) == ["Dee", "Ann"])
        #expect(rows.map(\.rank) == [1, 2])
        #expect(rows.first?.level?.key == "bronze")
        // A member record from before these fields is valid and shown by default.
        let old = try RecordType.member.validate(.object(["displayName": .string("Old"), "email": .string("old@mail.example"),
                                                          "audience": .string("students")]), orgZone: Self.zone)
        #expect(old["leaderboard"] == .string("default"))
        #expect(old["minor"] == .bool(false))
        #expect(Leaderboard.isShown(LocalRecord(entity: "member", orgId: UUID(), fields: old)))
    }

    @Test("the ledger service ranks the organization's members from their entries")
    func fromTheLedger() async throws {
        let f = try await PassportFixture()
        let ann = try await f.member("Ann Lee"), bea = try await f.member("Bea Roy")
        try await f.member("Cal Doe", minor: true)
        let fair = try await f.event("Food Fair", stamps: 7), walk = try await f.event("Mural Walk", stamps: 1)
        try await f.ledger.grant(member: ann, event: fair, note: "sheet", in: f.org)
        try await f.ledger.grant(member: bea, event: walk, note: "sheet", in: f.org)
        let rows = try await f.ledger.leaderboard(in: f.org)
        #expect(rows.map(\.email) == ["ann.lee@mail.example", "bea.roy@mail.example"])
        #expect(rows.map { $0.level?.key } == ["bronze", nil])
    }
}
