import Foundation
import Testing
@testable import StewardCore

/// What the window's Passport page reads: the ledger with names and titles, totals and levels,
/// the leaderboard and the events that give stamps, all derived from the ledger.
@Suite("Passport overview")
struct PassportOverviewTests {
    @Test func grantsAndRevocationsMoveTotalsAndLevels() async throws {
        let fixture = try await PassportFixture()
        let ana = try await fixture.member("Ana Lopez")
        let festival = try await fixture.event("Harvest Festival", stamps: 7)
        _ = try await fixture.event("Board Meeting", stamps: 0)
        var overview = try await PassportOverview.load(fixture.org, database: fixture.database)
        #expect(overview.stampEvents.map(\.title) == ["Harvest Festival"])
        #expect(overview.standings.first?.stamps == 0)
        #expect(overview.standings.first?.nextLevel?.key == "bronze")
        #expect(overview.standings.first?.missing == 7)

        let granted = try await fixture.ledger.grant(member: ana, event: festival, note: "Paper sheet", in: fixture.org)
        overview = try await PassportOverview.load(fixture.org, database: fixture.database)
        #expect(overview.standings.first?.stamps == 7)
        #expect(overview.standings.first?.level?.key == "bronze")
        #expect(overview.leaderboard.map(\.name) == ["Ana Lopez"])
        #expect(overview.isRevocable(overview.entries[0]))
        #expect(overview.title(of: granted.event) == "Harvest Festival")
        #expect(overview.name(of: granted.member) == "Ana Lopez")

        let revocation = try await fixture.ledger.revoke(granted.id, note: "Wrong person", in: fixture.org)
        overview = try await PassportOverview.load(fixture.org, database: fixture.database)
        #expect(overview.entries.map(\.key) == [revocation.key, granted.key])  // newest first
        #expect(overview.standings.first?.stamps == 0)
        #expect(overview.standings.first?.level == nil)
        #expect(overview.leaderboard.isEmpty)
        // Neither the revoked entry nor the revocation can be revoked again.
        #expect(!overview.isRevocable(overview.entries[0]))
        #expect(!overview.isRevocable(overview.entries[1]))
    }

    @Test func entriesNarrowByMemberEventAndEveryWordSearched() async throws {
        let fixture = try await PassportFixture()
        let ana = try await fixture.member("Ana Lopez")
        let ben = try await fixture.member("Ben Okafor")
        let walk = try await fixture.event("Mural Walk")
        let fair = try await fixture.event("Food Fair")
        try await fixture.ledger.grant(member: ana, event: walk, note: "Forgot her phone", in: fixture.org)
        try await fixture.ledger.grant(member: ben, event: walk, note: "Paper sheet", in: fixture.org)
        try await fixture.ledger.grant(member: ana, event: fair, note: "Paper sheet", in: fixture.org)
        let overview = try await PassportOverview.load(fixture.org, database: fixture.database)
        let anaKey = UUIDColumn.encode(ana), walkKey = UUIDColumn.encode(walk)
        #expect(overview.entries(member: anaKey, event: nil, search: "").count == 2)
        #expect(overview.entries(member: nil, event: walkKey, search: "").count == 2)
        #expect(overview.entries(member: anaKey, event: walkKey, search: "").count == 1)
        #expect(overview.entries(member: nil, event: nil, search: "paper FOOD").map(\.member) == [anaKey])
        #expect(overview.entries(member: nil, event: nil, search: "okafor").count == 1)
        #expect(overview.entries(member: nil, event: nil, search: "nobody").isEmpty)
    }

    @Test func theCheckInLinkCarriesTheOrganizationEventAndCode() {
        let event = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        #expect(CheckInLink.url(org: "riverton", event: event, code: "042917")
            == "steward://check-in?org=riverton&event=6f9619ff-8b86-d011-b42d-00c04fc964ff&code=042917")
        #expect(CheckInLink.url(org: "riverton", event: event)
            == "steward://check-in?org=riverton&event=6f9619ff-8b86-d011-b42d-00c04fc964ff")
    }
}
