import Foundation
import StewardCore
import Testing

/// `stewardctl mail`: help on every option, and refusals that name the option and keep nothing.
/// Sending itself is tested against real SMTP servers in Tests/mail/test_mail.py.
@Suite("stewardctl mail")
struct MailCommandTests {
    @Test("every mail option says what it is for")
    func help() async throws {
        let cli = try CLI()
        let commands: [(String, [String])] = [
            ("set", ["--smtp", "--user", "--password-stdin", "--password-file", "--from", "--ca-file", "--org", "--json"]),
            ("show", ["--org", "--json"]), ("test", ["--to", "--org", "--json"]), ("log", ["--limit", "--org", "--json"]),
        ]
        for (command, options) in commands {
            let result = try await cli.run(["mail", command, "--help"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for option in options {
                let index = lines.firstIndex { $0.hasPrefix(option + " ") }
                #expect(index != nil, "mail \(command) \(option)")
                guard let index else { continue }
                var words = lines[index].split(separator: " ").dropFirst().drop { $0.hasPrefix("<") }
                if words.isEmpty, index + 1 < lines.count { words = lines[index + 1].split(separator: " ")[...] }
                #expect(words.count >= 3, "mail \(command) \(option): \(lines[index])")
            }
        }
    }

    @Test("bad settings exit 2 with one line naming the option, and nothing is kept")
    func refusals() async throws {
        let cli = try CLI()
        try await cli("orgs", "add", "grace", "--name", "Grace", "--time-zone", "UTC", "--kind", "church")
        let environment = ["STEWARD_CREDENTIALS": "file"]
        for (arguments, option, input) in [
            (["--smtp", "imap://mail.example.org", "--from", "office@grace.example"], "smtp", nil as String?),
            (["--smtp", "smtp://mail.example.org", "--from", "office"], "from", nil),
            (["--smtp", "smtp://mail.example.org:99999", "--from", "office@grace.example"], "smtp", nil),
            (["--smtp", "smtp://mail.example.org", "--from", "office@grace.example", "--user", "office"], "password-stdin", nil),
            (["--smtp", "smtp://mail.example.org", "--from", "office@grace.example", "--password-stdin"], "user", "secret\n"),
            (["--smtp", "smtp://mail.example.org", "--from", "office@grace.example", "--user", "office",
              "--password-file", "/nonexistent/password"], "password-file", nil),
        ] {
            let result = try await cli.run(["--db", cli.databasePath, "mail", "set"] + arguments, environment: environment,
                                           input: input)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("stewardctl: \(option): "), "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        }
        let show = try await cli("mail", "show")
        #expect(show.status == 1)
        #expect(show.stderr.contains("mail is not set up"))
        let test = try await cli("mail", "test", "--to", "not an address")
        #expect(test.status == 2 && test.stderr.hasPrefix("stewardctl: to: "))
        let log = try await cli("mail", "log", "--json")
        #expect(try log.json() == .array([]))
    }

    @Test("settings are shown back without the password, which is kept out of the database")
    func keepsSettings() async throws {
        let cli = try CLI()
        try await cli("orgs", "add", "grace", "--name", "Grace", "--time-zone", "UTC", "--kind", "church")
        let set = try await cli.run(["--db", cli.databasePath, "mail", "set", "--smtp", "smtp://Mail.Example.org", "--user", "office",
                                     "--password-stdin", "--from", "office@grace.example", "--json"],
                                    environment: ["STEWARD_CREDENTIALS": "file"], input: "s3cret-app-password\n")
        let json = try set.json()
        #expect(json["smtp"]?.stringValue == "smtp://mail.example.org:587")
        #expect(json["security"]?.stringValue == "startTLSRequired")
        #expect(json["password"]?.stringValue?.hasPrefix("kept in") == true)
        #expect(!set.stdout.contains("s3cret"))
        let database = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(database.range(of: Data("s3cret-app-password".utf8)) == nil)
    }
}
