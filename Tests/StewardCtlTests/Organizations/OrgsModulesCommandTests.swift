import Foundation
import StewardCore
import Testing

/// `stewardctl orgs modules`: the modules an organization uses, shown and chosen.
@Suite("stewardctl orgs modules")
struct OrgsModulesCommandTests {
    @Test("--add and --remove change the modules in use, kept in sidebar order; without options they are listed")
    func addAndRemove() async throws {
        let cli = try CLI()
        try await cli("orgs", "add", "grace", "--name", "Grace Church", "--time-zone", "America/Chicago", "--kind", "church")
        let added = try await cli("orgs", "modules", "--org", "grace", "--add", "loans,books", "--remove", "giving", "--json").json()
        #expect(added["modules"]?.items.compactMap(\.stringValue)
                == ["events", "announcements", "bulletins", "messages", "books", "loans"])
        let listed = try await cli("orgs", "modules", "--org", "grace")
        #expect(listed.status == 0)
        #expect(listed.stdoutLines.first?.hasPrefix("MODULE") == true)
        #expect(listed.stdoutLines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["events", "announcements", "bulletins", "messages", "books", "loans"])
        let used = try await cli("orgs", "modules", "--org", "grace", "--use", "stamps", "--use", "events")
        #expect(used.stdout.contains("grace now uses: events, stamps."), "\(used.stdout)")
        #expect(try await cli("orgs", "list", "--json").json().items.first?["modules"]?.items.compactMap(\.stringValue) == ["events", "stamps"])
    }

    @Test("an unknown module, no module left, or --use with --add are refused with exit 2, changing nothing")
    func refusals() async throws {
        let cli = try await CLI.withOneOrganization()
        let before = try await cli("orgs", "list", "--json").stdout
        let cases: [([String], String)] = [
            (["--add", "karaoke"], "\"karaoke\" is no module"),
            (["--use", "events", "--add", "books"], "not both"),
            (["--remove", (try await cli("orgs", "list", "--json").json().items.first?["modules"]?.items
                .compactMap(\.stringValue) ?? []).joined(separator: ",")], "choose at least one module"),
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(["--db", cli.databasePath, "orgs", "modules"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try await cli("orgs", "list", "--json").stdout == before)
    }
}
