import Foundation
import StewardCore
import Testing

/// Giving funds through the commands the record kit builds from their declaration.
@Suite("stewardctl funds")
struct FundCommandTests {
    @Test("add prints the id first; show --json has every field under the store's names; list finds it")
    func addShowList() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli("funds", "add", "--name", "Building Fund", "--description", "A new roof.",
                            "--url", "https://give.example.org/building", "--position", "2")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        #expect(UUID(uuidString: id) != nil, "first line is the id: \(id)")
        #expect(added.stdout.contains("Building Fund"))

        let fund = try await cli("funds", "show", id, "--json").json()
        #expect(fund == .object([
            "id": .string(id), "name": .string("Building Fund"), "description": .string("A new roof."),
            "url": .string("https://give.example.org/building"), "position": .int(2),
            // Not given: the declaration's default.
            "active": .bool(true),
            "version": .int(0), "updatedAt": try #require(fund["updatedAt"]),
        ]))
        #expect(fund["updatedAt"]?.stringValue.flatMap(DateTimeText.parseUTC) != nil)

        let shown = try await cli("funds", "show", id)
        #expect(shown.stdoutLines.first?.hasPrefix("id ") == true)
        #expect(shown.stdoutLines.first?.hasSuffix(id) == true)
        // Labels are the declaration's, values as people read them.
        #expect(shown.stdoutLines.contains { $0.hasPrefix("giving link ") && $0.hasSuffix("https://give.example.org/building") })
        #expect(shown.stdoutLines.contains { $0.hasPrefix("active ") && $0.hasSuffix("Yes") })

        #expect(try await cli("funds", "list", "--json").json() == .array([fund]))
        let table = try await cli("funds", "list")
        #expect(table.stdoutLines.first?.hasPrefix("ID") == true)
        #expect(table.stdoutLines.first?.contains("GIVING LINK") == true)
        #expect(table.stdoutLines.count == 2)
        #expect(table.stdoutLines[1].contains("Building Fund"))
    }

    @Test("list is in position order, narrowed by --search and cut by --limit")
    func listOrderSearchLimit() async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addRecord("funds", ["--name", "Missions", "--url", "https://give.example.org/m", "--position", "3"])
        try await cli.addRecord("funds", ["--name", "General Fund", "--url", "https://give.example.org/g", "--position", "0"])
        try await cli.addRecord("funds", ["--name", "Youth Camp", "--url", "https://give.example.org/y", "--position", "1",
                                    "--description", "Summer camp scholarships."])
        let names = try await cli("funds", "list", "--json").json().items.compactMap { $0["name"]?.stringValue }
        #expect(names == ["General Fund", "Youth Camp", "Missions"])
        let found = try await cli("funds", "list", "--search", "schol", "--json").json().items
        #expect(found.compactMap { $0["name"]?.stringValue } == ["Youth Camp"])
        let limited = try await cli("funds", "list", "--limit", "2")
        #expect(limited.stdoutLines.count == 4, "\(limited.stdout)")
        #expect(limited.stdoutLines.last == "(2 of 3 giving funds; raise --limit to see more)")
        let none = try await cli("funds", "list", "--search", "zumba")
        #expect(none.stdout == "No giving funds in test-org match \"zumba\".\n")
    }

    @Test("update changes only the fields given; a value equal to the stored one writes nothing")
    func updateGivenFieldsOnly() async throws {
        let cli = try await CLI.withOneOrganization()
        let fund = try await cli.addRecord("funds", ["--name", "Missions", "--description", "Partners abroad.",
                                               "--url", "https://give.example.org/m"])
        let id = try #require(fund["id"]?.stringValue)
        let updated = try await cli("funds", "update", id, "--active", "no", "--position=4", "--json").json()
        #expect(updated["active"] == .bool(false))
        #expect(updated["position"] == .int(4))
        #expect(updated["name"] == fund["name"])
        #expect(updated["description"] == fund["description"])
        #expect(updated["url"] == fund["url"])

        // The id may also come after the options.
        let same = try await cli("funds", "update", "--name", "Missions", id, "--json").json()
        #expect(same["updatedAt"] == updated["updatedAt"], "an update that changes nothing is not written")
        let history = try await cli("history", id, "--json").json().items
        #expect(history.count == 2)
    }

    @Test("remove deletes it; show then fails with exit 1")
    func remove() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addRecord("funds", ["--name", "Old Fund", "--url", "https://give.example.org/o"])["id"]?.stringValue)
        let removed = try await cli("funds", "remove", id)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed \(id): Old Fund\n")
        #expect(try await cli("funds", "list", "--json").json() == .array([]))
        let shown = try await cli("funds", "show", id)
        #expect(shown.status == 1)
        #expect(shown.stderrLines == ["stewardctl: no giving fund with id \(id) in test-org"])
        // Its history stays readable.
        #expect(try await cli("history", id, "--type", "fund", "--json").json().items.count == 2)
    }

    @Test("--input reads the fields from a file, in the shape show --json prints; options override it")
    func inputFromFile() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try cli.inputFile("""
            {"name": "Food Pantry", "description": "Groceries for neighbors.", "url": "https://give.example.org/pantry",
             "position": 3, "active": false}
            """)
        let fund = try await cli("funds", "add", "--input", path, "--position", "1", "--json").json()
        #expect(fund["name"]?.stringValue == "Food Pantry")
        #expect(fund["description"]?.stringValue == "Groceries for neighbors.")
        #expect(fund["active"] == .bool(false))
        #expect(fund["position"] == .int(1), "the option wins over the file")

        // What show --json prints goes back in unchanged: its id, version and times are ignored.
        let id = try #require(fund["id"]?.stringValue)
        let shown = try await cli("funds", "show", id, "--json").stdout
        let copy = try await cli("funds", "add", "--input", cli.inputFile(shown), "--json").json()
        #expect(copy["id"] != fund["id"])
        #expect(copy["name"] == fund["name"] && copy["url"] == fund["url"] && copy["position"] == fund["position"])
    }

    @Test("--input - reads standard input, for add and for update")
    func inputFromStandardInput() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli.run(["--db", cli.databasePath, "funds", "add", "--input", "-", "--json"],
                                input: #"{"name": "General Fund", "url": "https://give.example.org/general"}"#)
        let fund = try added.json()
        let id = try #require(fund["id"]?.stringValue)
        #expect(fund["name"]?.stringValue == "General Fund")

        let updated = try await cli.run(["--db", cli.databasePath, "funds", "update", id, "--input", "-", "--json"],
                                  input: #"{"description": "Everyday costs.", "position": 5}"#).json()
        #expect(updated["description"]?.stringValue == "Everyday costs.")
        #expect(updated["position"] == .int(5))
        #expect(updated["name"]?.stringValue == "General Fund", "fields not in the input keep their values")
    }

    @Test("--help lists every field option with its value name and help text")
    func helpListsFieldOptions() async throws {
        let cli = try CLI()
        for command in ["add", "update"] {
            let help = try await cli.run(["funds", command, "--help"])
            #expect(help.status == 0)
            let lines = help.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
            for field in RecordType.fund.fields {
                let line = lines.first { $0.hasPrefix("--\(field.optionName) <\(field.kind.valueName)>") }
                #expect(line?.contains(String(field.help.prefix(20))) == true, "\(command): --\(field.optionName) in\n\(help.stdout)")
            }
            #expect(lines.contains { $0.hasPrefix("--input <file>") })
        }
        let add = try await cli.run(["funds", "add", "--help"]).stdout
        #expect(add.contains("--name <text>           The fund's name as members see it"))
    }
}
