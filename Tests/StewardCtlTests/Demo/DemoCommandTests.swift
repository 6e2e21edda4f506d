import Foundation
import StewardCore
import Testing

@Suite("stewardctl demo")
struct DemoCommandTests {
    static let demoSlugs: Set<String> = ["grace-church", "riverton-community", "ironworks-gym",
                                         "crossroads-campus", "maple-street-library"]

    /// Events per organization, from `events list --json`.
    func eventCounts(_ cli: CLI) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for org in try await cli("orgs", "list", "--json").json().items {
            let slug = try #require(org["slug"]?.stringValue)
            counts[slug] = try await cli("events", "list", "--org", slug, "--json").json().items.count
        }
        return counts
    }

    @Test("demo load adds five organizations and at least 40 events (the weekly ones as series), and a second load adds nothing")
    func loadIsIdempotent() async throws {
        let cli = try CLI()
        let first = try await cli("demo", "load")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("5"))

        let slugs = try await cli("orgs", "list", "--json").json().items.compactMap { $0["slug"]?.stringValue }
        #expect(Set(slugs) == Self.demoSlugs)
        let counts = try await eventCounts(cli)
        #expect(counts.values.reduce(0, +) >= 40)
        #expect(counts.values.allSatisfy { $0 > 0 })

        let second = try await cli("demo", "load")
        #expect(second.status == 0)
        #expect(second.stdout.contains("already"))
        #expect(try await eventCounts(cli) == counts)
        #expect(try await cli("orgs", "list", "--json").json().items.count == 5)
    }

    /// Records of the kit's types per organization, from `TYPE list --json`.
    func recordCounts(_ cli: CLI) async throws -> [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        for slug in Self.demoSlugs {
            for type in ["bulletins", "messages", "series", "funds", "podcast"] {
                counts[slug, default: [:]][type] = try await cli(type, "list", "--org", slug, "--json").json().items.count
            }
        }
        return counts
    }

    @Test("the church gets its podcast, a season of bulletins, two series of published messages with audio, and four funds")
    func churchContent() async throws {
        let cli = try CLI()
        let loaded = try await cli("demo", "load")
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let church = ["--org", "grace-church", "--json"]

        let podcast = try await cli.run(["--db", cli.databasePath, "podcast", "list"] + church).json().items
        #expect(podcast.count == 1)
        #expect(podcast.first?["artworkURL"]?.stringValue?.hasPrefix("https://") == true)

        let series = try await cli.run(["--db", cli.databasePath, "series", "list"] + church).json().items
        #expect(series.count == 2)
        let seriesIDs = Set(series.compactMap { $0["id"]?.stringValue })

        let messages = try await cli.run(["--db", cli.databasePath, "messages", "list"] + church).json().items
        #expect(messages.count == 12)
        for message in messages {
            #expect(message["status"]?.stringValue == "Published")
            #expect(message["audioURL"]?.stringValue?.hasPrefix("https://") == true)
            #expect((message["audioBytes"]?.int64Value ?? 0) > 1_000_000)
            #expect((message["duration"]?.int64Value ?? 0) > 20 * 60)
            #expect(seriesIDs.contains(message["series"]?.stringValue ?? ""), "every message is in one of the two series")
        }
        #expect(Set(messages.compactMap { $0["series"]?.stringValue }) == seriesIDs, "both series have messages")

        let bulletins = try await cli.run(["--db", cli.databasePath, "bulletins", "list"] + church).json().items
        let statuses = bulletins.compactMap { $0["status"]?.stringValue }
        #expect(Set(statuses) == ["Expired", "Live", "Scheduled", "Draft"], "\(statuses)")
        #expect(statuses.filter { $0 == "Draft" }.count == 1)
        for bulletin in bulletins {
            #expect((3...5).contains(bulletin["sections"]?.arrayValue?.count ?? 0))
        }

        let funds = try await cli.run(["--db", cli.databasePath, "funds", "list"] + church).json().items
        #expect(funds.count == 4)
        #expect(funds.compactMap { $0["position"]?.int64Value } == [0, 1, 2, 3])
        #expect(funds.allSatisfy { $0["url"]?.stringValue?.hasPrefix("https://") == true })

        // Only the church has this content; a second load adds none of it again.
        let counts = try await recordCounts(cli)
        for slug in Self.demoSlugs where slug != "grace-church" {
            #expect(counts[slug]?.values.allSatisfy { $0 == 0 } == true, "\(slug): \(counts[slug] ?? [:])")
        }
        #expect(try await cli("demo", "load").status == 0)
        #expect(try await recordCounts(cli) == counts)
    }

    @Test("demo load --events N --org SLUG adds N events to that organization only")
    func generatedEventsForOneOrganization() async throws {
        let cli = try CLI()
        try await cli("demo", "load")
        let before = try await eventCounts(cli)
        let result = try await cli("demo", "load", "--events", "40", "--org", "ironworks-gym")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("40"))
        var expected = before
        expected["ironworks-gym", default: 0] += 40
        #expect(try await eventCounts(cli) == expected)
    }

    @Test("demo load --events N spreads N events over all organizations")
    func generatedEventsSpread() async throws {
        let cli = try CLI()
        let result = try await cli("demo", "load", "--events", "25")
        #expect(result.status == 0, "\(result.stderr)")
        let after = try await eventCounts(cli)
        let again = try await cli("demo", "load", "--events", "25")
        #expect(again.status == 0)
        let final = try await eventCounts(cli)
        let finalTotal: Int = final.values.reduce(0, +)
        let afterTotal: Int = after.values.reduce(0, +)
        #expect(finalTotal == afterTotal + 25)
        #expect(final.keys.allSatisfy { final[$0]! == after[$0]! + 5 })
    }

    @Test("demo load with an unknown --org exits 2 and writes nothing")
    func unknownOrganization() async throws {
        let cli = try CLI()
        let result = try await cli("demo", "load", "--events", "10", "--org", "no-such-org")
        #expect(result.status == 2)
        #expect(result.stderr.contains("org"))
        #expect(result.stderrLines.count == 1)
        #expect(try await cli("orgs", "list", "--json").json() == .array([]))
    }
}
