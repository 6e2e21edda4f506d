import Foundation
import StewardCore
import Testing

@Suite("stewardctl demo")
struct DemoCommandTests {
    static let demoSlugs: Set<String> = ["grace-church", "riverton-community", "ironworks-gym",
                                         "crossroads-campus", "maple-street-library"]

    /// Events per organization, from `events list --json`.
    func eventCounts(_ cli: CLI) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for org in try cli("orgs", "list", "--json").json().items {
            let slug = try #require(org["slug"]?.stringValue)
            counts[slug] = try cli("events", "list", "--org", slug, "--json").json().items.count
        }
        return counts
    }

    @Test("demo load adds five organizations and at least 200 events, and a second load adds nothing")
    func loadIsIdempotent() throws {
        let cli = try CLI()
        let first = try cli("demo", "load")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("5"))

        let slugs = try cli("orgs", "list", "--json").json().items.compactMap { $0["slug"]?.stringValue }
        #expect(Set(slugs) == Self.demoSlugs)
        let counts = try eventCounts(cli)
        #expect(counts.values.reduce(0, +) >= 200)
        #expect(counts.values.allSatisfy { $0 > 0 })

        let second = try cli("demo", "load")
        #expect(second.status == 0)
        #expect(second.stdout.contains("already"))
        #expect(try eventCounts(cli) == counts)
        #expect(try cli("orgs", "list", "--json").json().items.count == 5)
    }

    @Test("demo load --events N --org SLUG adds N events to that organization only")
    func generatedEventsForOneOrganization() throws {
        let cli = try CLI()
        try cli("demo", "load")
        let before = try eventCounts(cli)
        let result = try cli("demo", "load", "--events", "40", "--org", "ironworks-gym")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("40"))
        var expected = before
        expected["ironworks-gym", default: 0] += 40
        #expect(try eventCounts(cli) == expected)
    }

    @Test("demo load --events N spreads N events over all organizations")
    func generatedEventsSpread() throws {
        let cli = try CLI()
        let result = try cli("demo", "load", "--events", "25")
        #expect(result.status == 0, "\(result.stderr)")
        let after = try eventCounts(cli)
        let again = try cli("demo", "load", "--events", "25")
        #expect(again.status == 0)
        let final = try eventCounts(cli)
        #expect(final.values.reduce(0, +) == after.values.reduce(0, +) + 25)
        #expect(final.keys.allSatisfy { final[$0]! == after[$0]! + 5 })
    }

    @Test("demo load with an unknown --org exits 2 and writes nothing")
    func unknownOrganization() throws {
        let cli = try CLI()
        let result = try cli("demo", "load", "--events", "10", "--org", "no-such-org")
        #expect(result.status == 2)
        #expect(result.stderr.contains("org"))
        #expect(result.stderrLines.count == 1)
        #expect(try cli("orgs", "list", "--json").json() == .array([]))
    }
}
