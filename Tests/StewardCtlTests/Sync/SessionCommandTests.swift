import Foundation
import StewardCore
import StewardTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for the store's session endpoints, in a Python subprocess on the loopback: the
/// password "right" signs ann@grace.example in as an editor; every ended session is logged.
final class SessionStore: Sendable {
    private let server: PythonServer
    var url: String { server.url }

    static let script = #"""
import http.server, json

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    ended = []

    def log_message(self, *args):
        pass

    def send(self, status, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        if self.path != "/v1/orgs/test-org/session":
            return self.send(404, {"error": "not-found", "message": "no such organization"})
        if body.get("password") != "right":
            return self.send(401, {"error": "wrong-credentials", "message": "wrong email or password"})
        self.send(200, {"accessToken": "stwa_access", "refreshToken": "stwr_refresh", "accessExpiresIn": 900,
                        "refreshExpiresIn": 86400, "email": body["email"].lower(), "role": "editor"})

    def do_DELETE(self):
        Handler.ended.append(self.headers.get("Authorization"))
        self.send(204)

    def do_GET(self):
        self.send(200, {"ended": Handler.ended})

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    init() throws {
        server = try PythonServer(script: Self.script)
    }

    /// The Authorization headers of the sessions ended so far.
    func ended() async throws -> [String] {
        let response = try await HTTPClient().send(HTTPClientRequest(url: url + "/log"))
        return try JSONValue.parse(String(decoding: response.body, as: UTF8.self))["ended"]?.arrayValue?
            .compactMap(\.stringValue) ?? []
    }
}

@Suite(.serialized) struct SessionCommandTests {
    let fileStore = ["STEWARD_CREDENTIALS": "file"]

    func credentialFiles(_ cli: CLI) -> [String] {
        let folder = cli.folder.appendingPathComponent("xdg/steward/credentials")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .map { folder.appendingPathComponent($0).path }
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func signingInKeepsTheTokensInAPrivateFileAndRemoteShowSaysWho() async throws {
        let store = try SessionStore()
        let cli = try await CLI.withOneOrganization()

        let result = try await cli.run(["--db", cli.databasePath, "sign-in", "--url", store.url, "--email", "Ann@grace.example"],
                                 environment: fileStore, input: "right\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Signed in to test-org at \(store.url) as ann@grace.example (Editor).\n")
        let files = credentialFiles(cli)
        #expect(files.count == 1)
        #expect(files.first.map(mode) == 0o600)
        #expect(mode(cli.folder.appendingPathComponent("xdg/steward/credentials").path) == 0o700)
        let kept = try String(contentsOfFile: try #require(files.first), encoding: .utf8)
        #expect(kept.contains("stwa_access"))
        #expect(!kept.contains("right"))
        // The database holds no token and no password.
        let database = try String(decoding: Data(contentsOf: URL(fileURLWithPath: cli.databasePath)), as: UTF8.self)
        #expect(!database.contains("stwa_access") && !database.contains("stwr_refresh"))

        let shown = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(shown["staffEmail"]?.stringValue == "ann@grace.example")
        #expect(shown["staffRole"]?.stringValue == "editor")
        #expect(shown["signedIn"] == .bool(true))
        #expect(shown["token"] == .null)
        let text = try await cli.run(["--db", cli.databasePath, "remote", "show"], environment: fileStore)
        #expect(text.stdoutLines.contains { $0.hasPrefix("signed in") && $0.hasSuffix("ann@grace.example (Editor)") })

        let out = try await cli.run(["--db", cli.databasePath, "sign-out"], environment: fileStore)
        #expect(out.status == 0)
        #expect(out.stdout == "Signed out of test-org.\n")
        #expect(try await store.ended() == ["Bearer stwa_access"])
        #expect(credentialFiles(cli).isEmpty)
        let after = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(after["signedIn"] == .bool(false))
    }

    @Test func aWrongPasswordSaysSoAndStoresNothing() async throws {
        let store = try SessionStore()
        let cli = try await CLI.withOneOrganization()

        let result = try await cli.run(["--db", cli.databasePath, "sign-in", "--url", store.url, "--email", "ann@grace.example"],
                                 environment: fileStore, input: "wrong\n")

        #expect(result.status == 1)
        #expect(result.stderr == "stewardctl: The email or password is not right for this organization's store.\n")
        #expect(credentialFiles(cli).isEmpty)
        #expect(try await cli("remote", "show").status == 1)
    }

    @Test func badInputIsRefusedNamingTheFieldBeforeAnythingIsSent() async throws {
        let cli = try await CLI.withOneOrganization()
        let cases: [([String], String, String)] = [
            (["--url", "store.example.org", "--email", "ann@grace.example"], "pw\n", "url:"),
            (["--url", "http://127.0.0.1:9", "--email", "ann"], "pw\n", "email:"),
            (["--url", "http://127.0.0.1:9", "--email", "ann@grace.example"], "", "password:"),
        ]
        for (arguments, input, field) in cases {
            let result = try await cli.run(["--db", cli.databasePath, "sign-in"] + arguments, environment: fileStore, input: input)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("stewardctl: \(field)"), "\(result.stderr)")
        }
        #expect(try await cli("remote", "show").status == 1)
        let bogus = try await cli.run(["--db", cli.databasePath, "sign-in", "--url", "http://127.0.0.1:9", "--email", "ann@grace.example"],
                                environment: ["STEWARD_CREDENTIALS": "vault"], input: "pw\n")
        #expect(bogus.status == 2)
        #expect(bogus.stderr.hasPrefix("stewardctl: STEWARD_CREDENTIALS: must be file or keyring"))
    }

    @Test func anUnreachableStoreIsNamed() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli.run(["--db", cli.databasePath, "sign-in", "--url", "http://127.0.0.1:9", "--email", "ann@grace.example"],
                                 environment: fileStore, input: "pw\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("stewardctl: Cannot reach the store at http://127.0.0.1:9: "))
    }

    @Test func signingOutWhenNobodyIsSignedInSaysSo() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli("sign-out")
        #expect(result.status == 0)
        #expect(result.stdout == "test-org was not signed in.\n")
    }

    @Test func everyNewCommandHasHelpForEveryOption() async throws {
        let cli = try CLI()
        for command in [["sign-in"], ["sign-out"], ["history"]] {
            let result = try await cli.run(command + ["--help"])
            #expect(result.status == 0)
            let options = result.stdoutLines.filter { $0.hasPrefix("  -") }
            #expect(!options.isEmpty)
            // Each option line carries its help text after the name.
            for line in options {
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
                #expect(parts.count > 2, "no help for \(line) in \(command)")
            }
        }
    }
}

@Suite struct HistoryCommandTests {
    @Test func historyListsAnEventsChangesNewestFirst() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addEvent(["--title", "Choir", "--starts", "2026-12-01T18:00"])["id"]?.stringValue)
        #expect(try await cli("events", "update", id, "--title", "Choir practice", "--host", "Music team").status == 0)

        let json = try await cli("history", id, "--json").json()
        let entries = json.items
        #expect(entries.count == 2)
        #expect(entries.map { $0["summary"]?.stringValue } == ["Changed host, title", "Created"])
        #expect(entries.allSatisfy { $0["version"] == .null && $0["origin"]?.stringValue == "console" })
        #expect(entries.first?["author"]?.stringValue?.hasPrefix("this console (") == true)

        let text = try await cli("history", id)
        #expect(text.status == 0)
        #expect(text.stdoutLines.first?.hasPrefix("WHEN") == true)
        #expect(text.stdoutLines.count == 3)
        #expect(text.stdoutLines[1].contains("Changed host, title"))
        #expect(text.stdoutLines[1].hasSuffix("pending"))
    }

    @Test func historyOfAnUnknownOrMalformedIdFails() async throws {
        let cli = try await CLI.withOneOrganization()
        // Looked for among every type, or among events only with --type.
        let unknown = try await cli("history", "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "stewardctl: no record with id 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f in test-org\n")
        let unknownEvent = try await cli("history", "3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f", "--type", "event")
        #expect(unknownEvent.status == 1)
        #expect(unknownEvent.stderr.hasPrefix("stewardctl: no event with id 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f"))
        let malformed = try await cli("history", "nope")
        #expect(malformed.status == 2)
        #expect(malformed.stderr.hasPrefix("stewardctl: id:"))
    }
}
