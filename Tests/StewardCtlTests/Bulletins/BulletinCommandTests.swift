import Foundation
import StewardCore
import Testing

/// Bulletins through the commands the record kit builds from their declaration: a list field
/// (sections), dates and times in the organization's zone, and a status.
@Suite("stewardctl bulletins")
struct BulletinCommandTests {
    static let sections = #"""
        [{"heading": "Welcome", "body": "Glad you are here.", "linkLabel": "", "linkURL": null},
         {"heading": "Serve", "body": "Greeters needed.", "linkLabel": "Sign up", "linkURL": "https://example.org/serve"},
         {"heading": "Prayer", "body": "For the Alvarez family."}]
        """#

    @Test("add with --sections as JSON; show --json has title, date, sections, publishAt, expireAt and status")
    func addAndShow() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli("bulletins", "add", "--title", "Second Sunday of Advent", "--date", "2026-12-06",
                            "--sections", Self.sections, "--publish-at", "2026-12-03T12:00", "--expire-at", "2026-12-13T06:00")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        #expect(UUID(uuidString: id) != nil)

        let bulletin = try await cli("bulletins", "show", id, "--json").json()
        #expect(bulletin["id"]?.stringValue == id)
        #expect(bulletin["title"]?.stringValue == "Second Sunday of Advent")
        #expect(bulletin["date"]?.stringValue == "2026-12-06")
        // Typed in the organization's zone (Chicago, UTC-6 in December), kept in UTC.
        #expect(bulletin["publishAt"]?.stringValue.flatMap(DateTimeText.parseUTC) == DateTimeText.parseUTC("2026-12-03T18:00"))
        #expect(bulletin["expireAt"]?.stringValue.flatMap(DateTimeText.parseUTC) == DateTimeText.parseUTC("2026-12-13T12:00"))
        let sections = try #require(bulletin["sections"]?.arrayValue)
        #expect(sections.map { $0["heading"]?.stringValue } == ["Welcome", "Serve", "Prayer"])
        #expect(sections[1]["linkLabel"]?.stringValue == "Sign up")
        #expect(sections[1]["linkURL"]?.stringValue == "https://example.org/serve")
        #expect(sections[2]["body"]?.stringValue == "For the Alvarez family.")
        #expect(bulletin["version"] == .int(0))
        #expect(bulletin["updatedAt"]?.stringValue != nil)
        // Which status depends on today's date; with a publish time it is never Draft.
        let status = try #require(bulletin["status"]?.stringValue)
        #expect(["Scheduled", "Live", "Expired"].contains(status))

        let text = try await cli("bulletins", "show", id)
        #expect(text.stdoutLines.contains { $0.hasPrefix("sections ") && $0.hasSuffix("1. Welcome") })
        #expect(text.stdoutLines.contains { $0.hasSuffix("link: https://example.org/serve") })
        #expect(text.stdoutLines.contains { $0.hasPrefix("status ") && $0.hasSuffix(status) })
    }

    @Test("without a publish time a bulletin is a draft, listed with its status")
    func draftInList() async throws {
        let cli = try await CLI.withOneOrganization()
        let draft = try await cli.addRecord("bulletins", ["--title", "Next Week", "--date", "2026-12-13"])
        #expect(draft["status"]?.stringValue == "Draft")
        #expect(draft["publishAt"] == .null)
        #expect(draft["sections"] == .array([]))
        try await cli.addRecord("bulletins", ["--title", "Long Ago", "--date", "2020-01-05", "--publish-at", "2020-01-02T12:00",
                                        "--expire-at", "2020-01-12T06:00"])
        let listed = try await cli("bulletins", "list", "--json").json().items
        // Newest date first, as the declaration orders them.
        #expect(listed.compactMap { $0["title"]?.stringValue } == ["Next Week", "Long Ago"])
        #expect(listed.compactMap { $0["status"]?.stringValue } == ["Draft", "Expired"])
        let table = try await cli("bulletins", "list")
        #expect(table.stdoutLines.first?.hasSuffix("STATUS") == true)
        #expect(table.stdoutLines[1].hasSuffix("Draft"))
    }

    @Test("update --input replaces the sections from a file and keeps the other fields")
    func updateSectionsFromFile() async throws {
        let cli = try await CLI.withOneOrganization()
        let bulletin = try await cli.addRecord("bulletins", ["--title", "Sunday", "--date", "2026-12-06", "--sections", Self.sections])
        let id = try #require(bulletin["id"]?.stringValue)
        let path = try cli.inputFile(#"{"sections": [{"heading": "Prayer", "body": "Reordered."}, {"heading": "Welcome"}]}"#)
        let updated = try await cli("bulletins", "update", id, "--input", path, "--json").json()
        #expect(updated["sections"]?.arrayValue?.map { $0["heading"]?.stringValue } == ["Prayer", "Welcome"])
        #expect(updated["title"] == bulletin["title"])
        #expect(updated["date"] == bulletin["date"])

        // An empty --sections clears them.
        let cleared = try await cli("bulletins", "update", id, "--sections", "", "--json").json()
        #expect(cleared["sections"] == .array([]))
    }

    @Test("a bulletin shown as JSON can be edited and given back through standard input")
    func showEditGiveBack() async throws {
        let cli = try await CLI.withOneOrganization()
        let bulletin = try await cli.addRecord("bulletins", ["--title", "Sunday", "--date", "2026-12-06", "--sections", Self.sections])
        let id = try #require(bulletin["id"]?.stringValue)
        guard case .object(var object) = try await cli("bulletins", "show", id, "--json").json() else {
            Issue.record("show --json is not an object")
            return
        }
        object["title"] = .string("Sunday, Revised")
        let updated = try await cli.run(["--db", cli.databasePath, "bulletins", "update", id, "--input", "-", "--json"],
                                  input: JSONValue.object(object).canonicalText).json()
        #expect(updated["title"]?.stringValue == "Sunday, Revised")
        #expect(updated["sections"] == bulletin["sections"])
        #expect(updated["version"] == bulletin["version"])
    }

    @Test("--help lists the field options, sections as JSON")
    func help() async throws {
        let help = try await CLI().run(["bulletins", "add", "--help"])
        #expect(help.status == 0)
        let lines = help.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
        for option in ["--title <text>", "--date <YYYY-MM-DD>", "--sections <json>", "--publish-at <date-time>", "--expire-at <date-time>"] {
            // A long option has its help on the next line, as ArgumentParser lays them out.
            #expect(lines.contains { $0 == option || $0.hasPrefix(option + " ") }, "\(option) in\n\(help.stdout)")
        }
    }
}
