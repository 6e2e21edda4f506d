import Foundation
import StewardCore
import Testing

@Suite("stewardctl orgs")
struct OrganizationCommandTests {
    @Test("orgs list --json lists what orgs add added, with every field")
    func listJSON() async throws {
        let cli = try CLI()
        #expect(try await cli("orgs", "list", "--json").json() == .array([]))
        try await cli("orgs", "add", "iron-gym", "--name", "Iron Gym", "--time-zone", "America/Denver", "--kind", "gym")
        try await cli("orgs", "add", "city-hall", "--name", "City Hall", "--time-zone", "America/New_York", "--kind", "city-office")

        let orgs = try await cli("orgs", "list", "--json").json().items
        #expect(orgs.count == 2)
        let gym = try #require(orgs.first { $0["slug"]?.stringValue == "iron-gym" })
        #expect(gym["name"]?.stringValue == "Iron Gym")
        #expect(gym["timeZone"]?.stringValue == "America/Denver")
        #expect(gym["kind"]?.stringValue == "gym")
        #expect(gym["modules"]?.items.compactMap(\.stringValue) == ["events", "announcements", "class-schedule"])
        let city = try #require(orgs.first { $0["slug"]?.stringValue == "city-hall" })
        #expect(city["kind"]?.stringValue == "city-office")
        #expect(city["modules"]?.items.compactMap(\.stringValue).contains("stamps") == true)
    }

    @Test("orgs list prints a table with a row per organization")
    func listText() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("orgs", "list")
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stdoutLines.first?.hasPrefix("SLUG") == true)
        #expect(result.stdoutLines.last?.contains("test-org") == true)
        #expect(result.stdoutLines.last?.contains("America/Chicago") == true)
    }

    @Test("orgs add refuses a bad slug, a used slug, an unknown zone and an unknown kind with exit 2")
    func addRefusesInvalidInput() async throws {
        let cli = try await CLI.withOneOrganization()
        let before = try await cli("orgs", "list", "--json").stdout
        let cases: [([String], String)] = [
            (["Bad_Slug", "--name", "X", "--time-zone", "UTC", "--kind", "gym"], "slug"),
            (["test-org", "--name", "X", "--time-zone", "UTC", "--kind", "gym"], "slug"),
            (["other-org", "--name", "X", "--time-zone", "Mars/Olympus", "--kind", "gym"], "time-zone"),
            (["other-org", "--name", " ", "--time-zone", "UTC", "--kind", "gym"], "name"),
            (["other-org", "--name", "X", "--time-zone", "UTC", "--kind", "bank"], "--kind"),
        ]
        for (arguments, field) in cases {
            let result = try await cli.run(["--db", cli.databasePath, "orgs", "add"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(field), "\(arguments): \(result.stderr)")
        }
        #expect(try await cli("orgs", "list", "--json").stdout == before)
    }
}
