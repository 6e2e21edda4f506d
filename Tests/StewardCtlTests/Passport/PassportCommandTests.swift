import Foundation
import StewardCore
import Testing

/// `stewardctl stamps …` and `leaderboard` on the demo's city office.
@Suite("stewardctl stamps and leaderboard")
struct PassportCommandTests {
    static let org = ["--org", "riverton-community"]

    func demo() async throws -> CLI {
        let cli = try CLI()
        try #require(try await cli("demo", "load").status == 0)
        return cli
    }

    func run(_ cli: CLI, _ arguments: String...) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments + Self.org)
    }

    /// The id of the demo's upcoming town hall: an event worth one stamp that nobody has yet.
    func townHall(_ cli: CLI) async throws -> String {
        let events = try await run(cli, "events", "list", "--json").json().items
        return try #require(events.first { $0["title"]?.stringValue == "Town Hall with the Mayor" }?["id"]?.stringValue)
    }

    @Test("grant, list with --json, a refused second grant, revoke and a refused second revocation")
    func grantAndRevoke() async throws {
        let cli = try await demo()
        let event = try await townHall(cli)
        let member = "marcus.chen@mail.example"
        let granted = try await run(cli, "stamps", "grant", "--member", member, "--event", event, "--note", "Signed the sheet", "--json")
        let entry = try granted.json()
        let id = try #require(entry["id"]?.stringValue)
        #expect(entry["event"]?.stringValue == event)
        #expect(entry["kind"]?.stringValue == "grant")
        #expect(entry["memberEmail"]?.stringValue == member)
        #expect(entry["stamps"]?.int64Value == 1)

        let listed = try await run(cli, "stamps", "list", "--member", member, "--event", event, "--json").json().items
        #expect(listed.count == 1)
        let first = try #require(listed.first)
        #expect(first["id"]?.stringValue == id)
        #expect(first["event"]?.stringValue == event)
        #expect(first["member"]?.stringValue == entry["member"]?.stringValue)
        #expect(first["kind"]?.stringValue == "grant")

        let again = try await run(cli, "stamps", "grant", "--member", member, "--event", event, "--note", "Twice")
        #expect(again.status == 2)
        #expect(again.stderr.contains("already has a stamp"))
        #expect(again.stderr.contains(id))

        let text = try await run(cli, "stamps", "revoke", id, "--note", "Was not there")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Revoked 1 stamp"))
        let twice = try await run(cli, "stamps", "revoke", id, "--note", "Again")
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("already revoked"))

        let after = try await run(cli, "stamps", "list", "--event", event, "--json").json().items
        #expect(after.map { $0["kind"]?.stringValue } == ["revoke", "grant"])
        #expect(after.first?["reverses"]?.stringValue == id)
        #expect(after.first?["stamps"]?.int64Value == -1)
        #expect(after.last?["revoked"]?.boolValue == true)
        // Granted again once the first was revoked.
        #expect(try await run(cli, "stamps", "grant", "--member", member, "--event", event, "--note", "There after all").status == 0)
    }

    @Test("an event without a stamp value takes the entry, with a warning that it counts none")
    func eventWithoutStamps() async throws {
        let cli = try await demo()
        let events = try await run(cli, "events", "list", "--json").json().items
        let event = try #require(events.first { $0["title"]?.stringValue == "Senior Tech Help Hour" })
        #expect(event["stampValue"]?.int64Value == 0)
        let id = try #require(event["id"]?.stringValue)
        let granted = try await run(cli, "stamps", "grant", "--member", "rosa.delgado@mail.example", "--event", id, "--note", "Helped out")
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(granted.stderr.contains("warning: “Senior Tech Help Hour” earns no stamps"))
        #expect(granted.stdout.contains("Granted 0 stamps"))
    }

    @Test("invalid input exits 2 and says what to fix; the ledger has no add, update or remove")
    func invalidInput() async throws {
        let cli = try await demo()
        let event = try await townHall(cli)
        let cases: [([String], String)] = [
            (["stamps", "grant", "--member", "nobody@mail.example", "--event", event, "--note", "x"], "member: no member nobody@mail.example"),
            (["stamps", "grant", "--member", "marcus.chen@mail.example", "--event", "not-an-id", "--note", "x"], "event: must be a"),
            (["stamps", "grant", "--member", "marcus.chen@mail.example", "--event", event, "--note", " "], "note: is required"),
            (["stamps", "grant", "--member", "marcus.chen@mail.example", "--event", event], "--note"),
            (["stamps", "revoke", "xyz", "--note", "x"], "entry-id: must be a"),
            (["stamps", "import", "--event", event, "--csv", "/nonexistent/attendees.csv"], "csv: cannot read"),
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(["--db", cli.databasePath] + arguments + Self.org)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        for verb in ["add", "update", "remove"] {
            #expect(try await run(cli, "stamps", verb).status == 2, "stamps \(verb)")
        }
        let help = try await cli.run(["stamps", "grant", "--help"])
        for option in ["--member", "--event", "--note", "--org", "--json"] {
            #expect(help.stdout.contains(option), "\(option) in \(help.stdout)")
        }
    }

    @Test("import previews who gets a stamp, who has one and unknown e-mails; --dry-run writes nothing")
    func importCSV() async throws {
        let cli = try await demo()
        let event = try await townHall(cli)
        #expect(try await run(cli, "stamps", "grant", "--member", "priya@riverton-u.example.edu", "--event", event,
                        "--note", "Early").status == 0)
        let file = cli.folder.appendingPathComponent("attendees.csv")
        try "name,email\nMarcus,marcus.chen@mail.example\nPriya,priya@riverton-u.example.edu\nX,stranger@mail.example\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let dry = try await run(cli, "stamps", "import", "--event", event, "--csv", file.path, "--dry-run", "--json").json()
        #expect(dry["granted"]?.items.compactMap { $0["email"]?.stringValue } == ["marcus.chen@mail.example"])
        #expect(dry["alreadyStamped"]?.items.compactMap { $0["email"]?.stringValue } == ["priya@riverton-u.example.edu"])
        #expect(dry["unknown"]?.items.compactMap(\.stringValue) == ["stranger@mail.example"])
        #expect(dry["written"]?.int64Value == 0)
        #expect(try await run(cli, "stamps", "list", "--event", event, "--json").json().items.count == 1)

        let text = try await run(cli, "stamps", "import", "--event", event, "--csv", file.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("stranger@mail.example"))
        #expect(text.stdout.contains("Granted 1 stamp entry."))
        #expect(try await run(cli, "stamps", "list", "--event", event, "--json").json().items.count == 2)
    }

    @Test("the leaderboard ranks the demo's members with shared ranks and hides opted-out members and minors")
    func leaderboard() async throws {
        let cli = try await demo()
        let rows = try await run(cli, "leaderboard", "--json").json().items
        #expect(!rows.isEmpty)
        let stamps = rows.compactMap { $0["stamps"]?.int64Value }
        #expect(stamps == stamps.sorted(by: >))
        let ranks = rows.compactMap { $0["rank"]?.int64Value }
        #expect(ranks.first == 1)
        for index in rows.indices.dropFirst() {
            #expect(ranks[index] == (stamps[index] == stamps[index - 1] ? ranks[index - 1] : Int64(index + 1)))
        }
        let emails = Set(rows.compactMap { $0["email"]?.stringValue })
        #expect(!emails.contains("dmitri.p@mail.example"), "opted out")
        #expect(!emails.contains("hana.sato@mail.example"), "a minor without consent")
        #expect(rows.allSatisfy { $0["member"]?.stringValue != nil && $0["name"]?.stringValue != nil && $0["level"] != nil })
        let text = try await run(cli, "leaderboard")
        #expect(text.status == 0)
        #expect(text.stdoutLines.first?.contains("RANK") == true)
    }

    @Test("the demo's ledger has check-ins, grants and revocations with notes")
    func demoLedger() async throws {
        let cli = try await demo()
        let entries = try await run(cli, "stamps", "list", "--json").json().items
        let kinds = Dictionary(grouping: entries) { $0["kind"]?.stringValue ?? "" }.mapValues(\.count)
        #expect((kinds["check-in"] ?? 0) >= 40)
        #expect((kinds["grant"] ?? 0) >= 3)
        #expect(kinds["revoke"] == 3)
        #expect(entries.filter { $0["kind"]?.stringValue != "check-in" }.allSatisfy { !($0["note"]?.stringValue ?? "").isEmpty })
    }
}
