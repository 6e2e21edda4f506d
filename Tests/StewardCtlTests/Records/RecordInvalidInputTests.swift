import Foundation
import StewardCore
import Testing

/// Refused input for the kit's types: exit 2, one line on stderr naming the field as its option
/// is spelled, and the records as they were.
@Suite("stewardctl invalid record input")
struct RecordInvalidInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var type: String
        var arguments: [String]
        /// What the stderr line starts with after "stewardctl: ".
        var field: String
        var testDescription: String { name }
    }

    static let addCases: [Case] = [
        Case(name: "fund with a plain http link", type: "funds",
             arguments: ["--name", "General", "--url", "http://give.example.org/general"], field: "url"),
        Case(name: "fund without its required name", type: "funds",
             arguments: ["--url", "https://give.example.org/general"], field: "name"),
        Case(name: "fund without its required link", type: "funds", arguments: ["--name", "General"], field: "url"),
        Case(name: "fund position out of range", type: "funds",
             arguments: ["--name", "G", "--url", "https://give.example.org/g", "--position", "1001"], field: "position"),
        Case(name: "fund active neither yes nor no", type: "funds",
             arguments: ["--name", "G", "--url", "https://give.example.org/g", "--active=maybe"], field: "active"),
        Case(name: "bulletin without a date", type: "bulletins", arguments: ["--title", "Sunday"], field: "date"),
        Case(name: "bulletin with a malformed date", type: "bulletins",
             arguments: ["--title", "Sunday", "--date", "2026-02-30"], field: "date"),
        Case(name: "bulletin expiring before it is published", type: "bulletins",
             arguments: ["--title", "Sunday", "--date", "2026-12-06", "--publish-at", "2026-12-03T12:00",
                         "--expire-at", "2026-12-02T12:00"], field: "expire-at"),
        Case(name: "bulletin sections that are not JSON", type: "bulletins",
             arguments: ["--title", "Sunday", "--date", "2026-12-06", "--sections", "Welcome; Prayer"], field: "sections"),
        Case(name: "bulletin section without a heading", type: "bulletins",
             arguments: ["--title", "Sunday", "--date", "2026-12-06", "--sections", #"[{"body": "No heading"}]"#],
             field: "sections"),
        Case(name: "message with audio but no size", type: "messages",
             arguments: ["--title", "Psalm 23", "--preached-on", "2026-11-15", "--audio-url", "https://media.example.org/a.mp3"],
             field: "audio-bytes"),
        Case(name: "message in a series that does not exist", type: "messages",
             arguments: ["--title", "Psalm 23", "--preached-on", "2026-11-15", "--series", "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f"],
             field: "series"),
    ]

    @Test("add refuses it", arguments: addCases)
    func addRefuses(_ invalid: Case) async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addRecord("funds", ["--name", "Existing", "--url", "https://give.example.org/existing"])
        let before = try await [cli.recordDump("funds"), cli.recordDump(invalid.type)]

        let result = try await cli.run(["--db", cli.databasePath, invalid.type, "add"] + invalid.arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("stewardctl: \(invalid.field): "), "\(result.stderr)")
        #expect(try await [cli.recordDump("funds"), cli.recordDump(invalid.type)] == before)
    }

    @Test("the line for a plain http giving link says why")
    func httpLinkMessage() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("funds", "add", "--name", "General", "--url", "http://give.example.org/general")
        #expect(result.stderr == "stewardctl: url: must be a secure address starting with https:// (got \"http://give.example.org/general\")\n")
    }

    @Test("update refuses a bad value and changes nothing")
    func updateRefuses() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addRecord("funds", ["--name", "General", "--url", "https://give.example.org/g"])["id"]?.stringValue)
        let before = try await cli.recordDump("funds")
        let result = try await cli("funds", "update", id, "--name", "Renamed", "--url", "http://give.example.org/g")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("stewardctl: url: "))
        #expect(try await cli.recordDump("funds") == before, "the valid --name was not written either")
    }

    @Test("--input with a key that is no field is refused, naming it and the fields there are")
    func unknownInputField() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try cli.inputFile(#"{"name": "General", "url": "https://give.example.org/g", "colour": "green"}"#)
        let result = try await cli("funds", "add", "--input", path)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("stewardctl: colour: is not a field of a giving fund; the fields are name, description, url, position, active"),
                "\(result.stderr)")
        #expect(try await cli.recordDump("funds") == "[]\n")
    }

    @Test("--input takes a flag written as a word, as its option does, and refuses a number for a text field")
    func typedInputFile() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try cli.inputFile(#"{"name": "General", "url": "https://give.example.org/g", "active": "no"}"#)
        let added = try await cli("funds", "add", "--input", path, "--json")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try added.json()["active"] == .bool(false))
        let number = try await cli("funds", "add", "--input", cli.inputFile(#"{"name": 42, "url": "https://give.example.org/g"}"#))
        #expect(number.status != 0)
        #expect(number.stderr.hasPrefix("stewardctl: name: must be text (got 42)"), "\(number.stderr)")
    }

    @Test("--input that cannot be read or is no JSON object is refused naming input", arguments: [
        "{\"name\": ", "[1, 2]", "\"General\"",
    ])
    func unreadableInput(_ text: String) async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("funds", "add", "--input", cli.inputFile(text))
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("stewardctl: input: "), "\(result.stderr)")
        let missing = try await cli("funds", "add", "--input", cli.folder.appendingPathComponent("nowhere.json").path)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("stewardctl: input: cannot read "))
    }

    @Test("usage errors exit 2 with one line", arguments: [
        (["funds", "add", "--name", "X", "--colour", "green"], "'--colour'"),
        (["funds", "add", "--name", "General", "Fund"], "'Fund'"),
        (["funds", "add", "--name"], "--name <text>"),
        (["funds", "show", "not-a-uuid"], "id"),
        (["funds", "remove", "1234"], "id"),
        (["funds", "update", "not-a-uuid", "--name", "X"], "id"),
        (["funds", "update", "--name", "X"], "<id>"),
        (["funds", "update", "00000000-0000-0000-0000-000000000001"], "update"),
        (["funds", "list", "--limit=-1"], "limit"),
        (["bulletins", "frobnicate"], "frobnicate"),
        (["history", "00000000-0000-0000-0000-000000000001", "--type", "sermon"], "type"),
    ])
    func usageErrors(_ arguments: [String], _ named: String) async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addRecord("funds", ["--name", "Existing", "--url", "https://give.example.org/existing"])
        let before = try await cli.recordDump("funds")
        let result = try await cli.run(["--db", cli.databasePath] + arguments)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("stewardctl: "))
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(try await cli.recordDump("funds") == before)
    }

    @Test("an unknown record id exits 1 with one line naming it")
    func unknownID() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = UUID().uuidString.lowercased()
        for command in ["show", "remove"] {
            let result = try await cli("bulletins", command, id)
            #expect(result.status == 1)
            #expect(result.stderrLines == ["stewardctl: no bulletin with id \(id) in test-org"])
        }
        #expect(try await cli("bulletins", "update", id, "--title", "X").status == 1)
    }
}
