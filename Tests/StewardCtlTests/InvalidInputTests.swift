import Foundation
import StewardCore
import Testing

/// Refused input: exit 2, one line on stderr naming the field, and the database as it was.
@Suite("stewardctl invalid input")
struct InvalidInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        /// What the stderr line starts with after "stewardctl: ".
        var field: String
        var testDescription: String { name }
    }

    static let addCases: [Case] = [
        Case(name: "missing title", arguments: ["--starts", "2026-12-01T18:00"], field: "title"),
        Case(name: "blank title", arguments: ["--title", "  ", "--untimed"], field: "title"),
        Case(name: "ends before starts", arguments: ["--title", "X", "--starts", "2026-12-01T18:00", "--ends", "2026-12-01T17:00"], field: "ends"),
        Case(name: "all-day ends before starts", arguments: ["--title", "X", "--all-day", "--starts", "2026-12-05", "--ends", "2026-12-04"], field: "ends"),
        Case(name: "bad email", arguments: ["--title", "X", "--untimed", "--contact-email", "ruth.example.org"], field: "contact-email"),
        Case(name: "ftp image address", arguments: ["--title", "X", "--untimed", "--image-url", "ftp://example.org/a.png"], field: "image-url"),
        Case(name: "ftp link", arguments: ["--title", "X", "--untimed", "--link", "Files | ftp://example.org/files"], field: "link"),
        Case(name: "stamp value over 100", arguments: ["--title", "X", "--untimed", "--stamp-value", "101"], field: "stamp-value"),
        Case(name: "negative stamp value", arguments: ["--title", "X", "--untimed", "--stamp-value", "-1"], field: "stamp-value"),
        Case(name: "stamp value not a number", arguments: ["--title", "X", "--untimed", "--stamp-value", "lots"], field: "stamp-value"),
        Case(name: "longitude without latitude", arguments: ["--title", "X", "--untimed", "--longitude", "-87.6"], field: "latitude"),
        Case(name: "latitude without longitude", arguments: ["--title", "X", "--untimed", "--latitude", "41.9"], field: "longitude"),
        Case(name: "latitude out of range", arguments: ["--title", "X", "--untimed", "--latitude", "91", "--longitude", "0"], field: "latitude"),
        Case(name: "malformed date", arguments: ["--title", "X", "--starts", "2026-02-30T18:00"], field: "starts"),
        Case(name: "not a date at all", arguments: ["--title", "X", "--starts", "next tuesday"], field: "starts"),
        Case(name: "malformed all-day date", arguments: ["--title", "X", "--all-day", "--starts", "2026-13-01"], field: "starts"),
        Case(name: "unknown time zone", arguments: ["--title", "X", "--starts", "2026-12-01T18:00", "--time-zone", "Mars/Olympus"], field: "time-zone"),
        Case(name: "times on an untimed event", arguments: ["--title", "X", "--untimed", "--starts", "2026-12-01T18:00"], field: "starts"),
        Case(name: "bad phone", arguments: ["--title", "X", "--untimed", "--contact-phone", "call me"], field: "contact-phone"),
        Case(name: "title too long", arguments: ["--title", String(repeating: "x", count: 201), "--untimed"], field: "title"),
    ]

    @Test("events add refuses it", arguments: addCases)
    func addRefuses(_ invalid: Case) async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addEvent(["--title", "Existing", "--starts", "2026-12-01T10:00"])
        let before = try await cli.dump()

        let result = try await cli.run(["--db", cli.databasePath, "events", "add"] + invalid.arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("stewardctl: \(invalid.field): "), "\(result.stderr)")
        #expect(try await cli.dump() == before)
    }

    @Test("the line for ends before starts is the editor's message")
    func endsBeforeStartsMessage() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("events", "add", "--title", "X", "--starts", "2026-12-01T18:00", "--ends", "2026-12-01T17:00")
        #expect(result.stderr == "stewardctl: ends: must be after the start (2026-12-01T18:00)\n")
    }

    @Test("several wrong fields: the first is named and the rest counted")
    func severalIssues() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("events", "add", "--starts", "2026-12-01T18:00", "--contact-email", "nope", "--stamp-value", "500")
        #expect(result.status == 2)
        #expect(result.stderr == "stewardctl: title: is required (and 2 more)\n")
    }

    @Test("usage errors exit 2 with one line", arguments: [
        (["events", "list", "--sort", "popularity"], "--sort"),
        (["events", "list", "--org", "no-such-org"], "org"),
        (["events", "show", "not-a-uuid"], "id"),
        (["events", "remove", "1234"], "id"),
        (["events", "update", "not-a-uuid", "--title", "X"], "id"),
        (["events", "show"], "<id>"),
        (["events", "add", "--title", "X", "--timed", "--untimed"], "--untimed"),
        (["events", "list", "--limit", "many"], "--limit"),
        (["events", "list", "--limit=-3"], "limit"),
        (["events", "frobnicate"], "frobnicate"),
        (["orgs", "add", "new-org", "--name", "X", "--time-zone", "UTC"], "--kind"),
        (["demo", "load", "--events=-5"], "events"),
        (["events", "update", "00000000-0000-0000-0000-000000000001"], "update"),
    ])
    func usageErrors(_ arguments: [String], _ named: String) async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addEvent(["--title", "Existing", "--untimed"])
        let before = try await cli.dump()
        let result = try await cli.run(["--db", cli.databasePath] + arguments)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("stewardctl: "))
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(try await cli.dump() == before)
    }

    @Test("an unknown event id exits 1 with one line naming it")
    func unknownID() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = UUID().uuidString.lowercased()
        for command in ["show", "remove"] {
            let result = try await cli("events", command, id)
            #expect(result.status == 1)
            #expect(result.stderrLines == ["stewardctl: no event with id \(id) in test-org"])
        }
        #expect(try await cli("events", "update", id, "--title", "X").status == 1)
    }
}
