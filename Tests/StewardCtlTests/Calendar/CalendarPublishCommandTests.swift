import Foundation
import StewardCore
import StewardTestSupport
import Testing

/// `stewardctl calendar publish`'s refusals: what is wrong with the command line exits 2 before
/// any password is read or request sent; a server that cannot be reached exits 1 saying so.
/// (Publishing itself is tested against Radicale, Tests/calendar/test_caldav.py.)
@Suite("stewardctl calendar publish")
struct CalendarPublishCommandTests {
    func publish(_ cli: CLI, _ arguments: String..., input: String? = "secret\n") async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath, "calendar", "publish"] + arguments, input: input)
    }

    @Test func anAddressThatIsNotHTTPExits2NamingTheOption() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await publish(cli, "--caldav", "ftp://calendar.example.org/office/", "--user", "office", "--password-stdin")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("stewardctl: caldav: \"ftp://calendar.example.org/office/\" is not the http:// or https:// address of a calendar"))
    }

    @Test func plainHTTPToAnotherComputerIsRefusedUnlessAllowed() async throws {
        let cli = try await CLI.withOneOrganization()
        let refused = try await publish(cli, "--caldav", "http://calendar.example.org/office/", "--user", "office", "--password-stdin")
        #expect(refused.status == 2 && refused.stderr.contains("--allow-insecure"))
    }

    @Test func aUserNeedsThePasswordOnStandardInput() async throws {
        let cli = try await CLI.withOneOrganization()
        let missing = try await publish(cli, "--caldav", "https://calendar.example.org/office/", "--user", "office")
        #expect(missing.status == 2 && missing.stderr.contains("password-stdin: is required with --user"))
        let alone = try await publish(cli, "--caldav", "https://calendar.example.org/office/", "--password-stdin")
        #expect(alone.status == 2 && alone.stderr.contains("user: is required with --password-stdin"))
    }

    @Test func aServerThatCannotBeReachedExits1SayingSo() async throws {
        let cli = try await CLI.withOneOrganization()
        let url = "http://127.0.0.1:\(try PythonServer.closedPort())/office/events/"
        let result = try await publish(cli, "--caldav", url, "--user", "office", "--password-stdin")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("stewardctl: cannot reach the calendar server at \(url): "))
    }
}
