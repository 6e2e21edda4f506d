import Foundation
import StewardCore
import Testing

@Suite("stewardctl options, help and exit codes")
struct GeneralTests {
    @Test("--help exits 0 and shows usage, for the tool and each command")
    func help() async throws {
        let cli = try CLI()
        for arguments in [["--help"], ["events", "--help"], ["events", "list", "--help"], ["orgs", "add", "-h"], ["demo", "load", "--help"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("USAGE: stewardctl"), "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
        // With no subcommand, the tool shows its help.
        let bare = try await cli.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("SUBCOMMANDS"))
        // Help touches no database.
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("add and update document an option for every field")
    func fieldOptionsHaveHelp() async throws {
        let cli = try CLI()
        let options = ["--title", "--description", "--location-name", "--location", "--address", "--latitude", "--longitude",
                       "--starts", "--ends", "--time-zone", "--all-day", "--untimed", "--timed", "--image-url",
                       "--link", "--host", "--contact-name", "--contact-email", "--contact-phone", "--audience",
                       "--stamp-value", "--ride-sharing", "--no-ride-sharing", "--org", "--json", "--db"]
        for command in ["add", "update"] {
            let help = try await cli.run(["events", command, "--help"]).stdout
            let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for option in options {
                // "--title <title>   The event's title…", or "--ride-sharing/--no-ride-sharing"
                // with the help on the next line.
                let index = lines.firstIndex { $0.hasPrefix(option + " ") || $0.hasPrefix(option + "/") || $0.contains("/" + option) }
                #expect(index != nil, "\(command) \(option)")
                guard let index else { continue }
                var helpText = lines[index].split(separator: " ").dropFirst().drop { $0.hasPrefix("<") }
                if helpText.isEmpty, index + 1 < lines.count, !lines[index + 1].hasPrefix("-") {
                    helpText = lines[index + 1].split(separator: " ")[...]
                }
                #expect(helpText.count >= 3, "\(command) \(option): \(lines[index])")
            }
        }
    }

    @Test("--db works before and after the subcommand")
    func databaseOptionPositions() async throws {
        let cli = try CLI()
        try await cli.run(["--db", cli.databasePath, "orgs", "add", "front-org", "--name", "Front",
                     "--time-zone", "UTC", "--kind", "gym"])
        try await cli.run(["orgs", "add", "back-org", "--name", "Back", "--time-zone", "UTC", "--kind", "gym",
                     "--db", cli.databasePath])
        let front = try await cli.run(["--db", cli.databasePath, "orgs", "list", "--json"]).json()
        let back = try await cli.run(["orgs", "list", "--json", "--db", cli.databasePath]).json()
        #expect(front == back)
        #expect(Set(front.items.compactMap { $0["slug"]?.stringValue }) == ["front-org", "back-org"])
    }

    @Test("STEWARD_DB names the database when --db is not given; --db wins over it")
    func stewardDBVariable() async throws {
        let cli = try CLI()
        let other = cli.folder.appendingPathComponent("other.sqlite").path
        let added = try await cli.run(["orgs", "add", "env-org", "--name", "From Env", "--time-zone", "UTC", "--kind", "library"],
                                environment: ["STEWARD_DB": cli.databasePath])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.databasePath))
        let viaFlag = try await cli("orgs", "list", "--json").json()
        #expect(viaFlag.items.compactMap { $0["slug"]?.stringValue } == ["env-org"])
        let flagWins = try await cli.run(["--db", other, "orgs", "list", "--json"], environment: ["STEWARD_DB": cli.databasePath]).json()
        #expect(flagWins == .array([]))
    }

    @Test("without --db or STEWARD_DB the database is the XDG data folder's, the one the window opens")
    func defaultDatabase() async throws {
        let cli = try CLI()
        let result = try await cli.run(["orgs", "add", "home-org", "--name", "Home", "--time-zone", "UTC", "--kind", "church"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = AppDatabase.defaultPath(environment: cli.environment)
        #expect(expected == cli.folder.appendingPathComponent("xdg/steward/steward.sqlite").path)
        #expect(FileManager.default.fileExists(atPath: expected))
        let listed = try await cli.run(["--db", expected, "orgs", "list", "--json"]).json()
        #expect(listed.items.compactMap { $0["slug"]?.stringValue } == ["home-org"])
    }

    @Test("a database that cannot be opened exits 1 with one line")
    func unopenableDatabase() async throws {
        let cli = try CLI()
        let blocker = cli.folder.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let result = try await cli.run(["--db", blocker.appendingPathComponent("steward.sqlite").path, "orgs", "list"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("stewardctl: cannot open the database at "))

        let garbage = cli.folder.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        let corrupt = try await cli.run(["--db", garbage.path, "orgs", "list"])
        #expect(corrupt.status == 1)
        #expect(corrupt.stderrLines.count == 1, "\(corrupt.stderr)")
    }
}
