import Foundation
import StewardCore
import Testing

@Suite("stewardctl leads suggest and route")
struct LeadCommandTests {
    static func ministry() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "crossroads", "--name", "Crossroads", "--time-zone", "America/Los_Angeles",
                                   "--kind", "campus-ministry")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    @Test("suggest ranks the groups that fit a lead with why; route sends it to a group and a team")
    func suggestAndRoute() async throws {
        let cli = try await Self.ministry()
        let group = ["--leader", "Hannah Wells", "--leader-contact", "hannah@crossroads.example", "--place", "Lounge", "--capacity", "12"]
        try await cli.addRecord("community-groups", ["--name", "North Campus Women", "--meeting-day", "tuesday", "--meeting-time", "19:30",
                                                     "--gender", "women", "--area", "North Campus", "--topics", "bible study", "--members", "9"] + group)
        try await cli.addRecord("community-groups", ["--name", "Engineering Guys", "--meeting-day", "tuesday", "--meeting-time", "19:30",
                                                     "--gender", "men"] + group)
        try await cli.addRecord("community-groups", ["--name", "Freshmen Mixed", "--meeting-day", "monday", "--meeting-time", "19:00",
                                                     "--years", "freshman"] + group)
        try await cli.addRecord("ministry-teams", ["--name", "Worship Team", "--topics", "music, singing"])
        let lead = try await cli.addRecord("leads", ["--name", "Ava Thompson", "--contact", "ava@calpoly.example", "--gender", "woman",
                                                     "--year", "sophomore", "--area", "north campus", "--free-days", "tuesday, thursday",
                                                     "--free-times", "evening", "--interests", "bible study, worship team"])
        let id = lead["id"]?.stringValue ?? ""

        let suggested = try await cli("leads", "suggest", id, "--json")
        #expect(suggested.status == 0, "\(suggested.stderr)")
        let items = try suggested.json().items
        #expect(items.compactMap { $0["name"]?.stringValue } == ["North Campus Women (Hannah Wells)", "Freshmen Mixed (Hannah Wells)", "Worship Team"])
        #expect(items.first?["reasons"]?.arrayValue?.first?.stringValue == "meets Tuesday 19:30, when she is free")
        #expect(items.first?["placesLeft"] == .int(3))
        let text = try await cli("leads", "suggest", id)
        #expect(text.stdout.contains("North Campus Women (Hannah Wells) (8): meets Tuesday 19:30, when she is free; for women; North Campus"), "\(text.stdout)")

        let routed = try await cli("leads", "route", id, "--to", "North Campus Women", "--team", "worship team", "--json")
        #expect(routed.status == 0, "\(routed.stderr)")
        let fields = try routed.json()
        #expect(fields["group"]?.stringValue == items[0]["id"]?.stringValue)
        #expect(fields["team"]?.stringValue == items[2]["id"]?.stringValue)
        let unknown = try await cli("leads", "route", id, "--team", "Choir")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no ministry team is named “Choir”; the teams are Worship Team"), "\(unknown.stderr)")
        let neither = try await cli("leads", "route", id)
        #expect(neither.status != 0, "\(neither.stderr)")
    }
}
