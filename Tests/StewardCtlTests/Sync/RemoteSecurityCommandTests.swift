import Foundation
import GRDB
import StewardCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `remote set` and `sign-in` as the internet will treat them: plain http:// off this computer
/// refused unless `--allow-insecure`, a private CA file checked and kept, tokens read from a file
/// or standard input and kept out of the database, the database itself private.
@Suite(.serialized) struct RemoteSecurityCommandTests {
    let fileStore = ["STEWARD_CREDENTIALS": "file"]

    func credentialsFolder(_ cli: CLI) -> URL { cli.folder.appendingPathComponent("xdg/steward/credentials") }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func tokenFile(_ cli: CLI, _ token: String) async throws -> String {
        let file = cli.folder.appendingPathComponent("token-\(UUID().uuidString)")
        try Data((token + "\n").utf8).write(to: file)
        return file.path
    }

    @Test func plainHTTPToAnotherComputerIsRefusedSayingHowToFixIt() async throws {
        let cli = try await CLI.withOneOrganization()
        let file = try await tokenFile(cli, "stw_secret")

        let result = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "http://store.example.org/",
                                  "--token-file", file], environment: fileStore)

        #expect(result.status == 2)
        #expect(result.stderr == "stewardctl: url: http://store.example.org is plain http:// to another computer: passwords and tokens would cross the network unencrypted, readable by anyone on the way. Use an https:// address (https://store.example.org), or pass --allow-insecure if you accept that risk.\n")
        #expect(try await cli("remote", "show").status == 1)
        #expect(!FileManager.default.fileExists(atPath: credentialsFolder(cli).path))

        let signIn = try await cli.run(["--db", cli.databasePath, "sign-in", "--url", "http://10.0.0.5:8420", "--email", "ann@grace.example"],
                                 environment: fileStore, input: "pw\n")
        #expect(signIn.status == 2)
        #expect(signIn.stderr.hasPrefix("stewardctl: url: http://10.0.0.5:8420 is plain http:// to another computer"))
        #expect(signIn.stderr.contains("--allow-insecure"))
        #expect(try await cli("remote", "show").status == 1)
    }

    @Test func allowInsecureIsKeptWithTheRemoteAndWarnedAbout() async throws {
        let cli = try await CLI.withOneOrganization()
        let result = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "http://store.example.org",
                                  "--token-file", try tokenFile(cli, "stw_secret"), "--allow-insecure"], environment: fileStore)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the token will cross the network unencrypted"))

        let shown = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(shown["allowInsecure"] == .bool(true))
        let text = try await cli.run(["--db", cli.databasePath, "remote", "show"], environment: fileStore)
        #expect(text.stdoutLines.contains { $0.hasPrefix("security") && $0.contains("UNENCRYPTED") })

        // To this computer, plain http:// needs nothing.
        let local = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "http://127.0.0.1:8420",
                                 "--token-file", try tokenFile(cli, "stw_secret")], environment: fileStore)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stderr.isEmpty)
        let after = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(after["allowInsecure"] == .bool(false))
    }

    @Test func theTokenComesFromAFileOrStandardInputAndIsKeptOutOfTheDatabase() async throws {
        let cli = try await CLI.withOneOrganization()
        let fromFile = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                                    "--token-file", try tokenFile(cli, "stw_from_a_file_abcd")], environment: fileStore)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let shown = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(shown["token"]?.stringValue == "********abcd")
        let kept = try FileManager.default.contentsOfDirectory(atPath: credentialsFolder(cli).path)
        #expect(kept.count == 1 && kept[0].hasSuffix(".api-token"), "\(kept)")
        let keptPath = credentialsFolder(cli).appendingPathComponent(kept[0]).path
        #expect(mode(keptPath) == 0o600)
        #expect(mode(credentialsFolder(cli).path) == 0o700)
        #expect(try String(contentsOfFile: keptPath, encoding: .utf8) == "stw_from_a_file_abcd")

        let fromStdin = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                                     "--token-file", "-"], environment: fileStore, input: "stw_from_stdin_wxyz\n")
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(try String(contentsOfFile: keptPath, encoding: .utf8) == "stw_from_stdin_wxyz")

        // --token still works.
        let inline = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                                  "--token", "stw_inline_9876"], environment: fileStore)
        #expect(inline.status == 0, "\(inline.stderr)")
        #expect(try String(contentsOfFile: keptPath, encoding: .utf8) == "stw_inline_9876")

        let database = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: cli.databasePath + "-wal"))) ?? Data()
        for secret in ["stw_from_a_file_abcd", "stw_from_stdin_wxyz", "stw_inline_9876"] {
            #expect(database.range(of: Data(secret.utf8)) == nil)
            #expect(wal.range(of: Data(secret.utf8)) == nil)
        }
    }

    @Test func aMissingOrDoubleTokenIsAUsageError() async throws {
        let cli = try await CLI.withOneOrganization()
        let cases: [([String], String?, String)] = [
            ([], nil, "stewardctl: token: is required: give --token-file FILE (- for standard input) or --token TOKEN\n"),
            (["--token", "a", "--token-file", "-"], "b\n", "stewardctl: token: give --token or --token-file, not both\n"),
            (["--token-file", "-"], "\n", "stewardctl: token-file: standard input holds no token\n"),
            (["--token-file", "/no/such/file"], nil, "stewardctl: token-file: cannot read /no/such/file\n"),
        ]
        for (arguments, input, message) in cases {
            let result = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org"] + arguments,
                                     environment: fileStore, input: input)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message)
        }
        #expect(try await cli("remote", "show").status == 1)
    }

    @Test func aCAFileMustBeAReadableCertificateForAnHTTPSAddress() async throws {
        let cli = try await CLI.withOneOrganization()
        let token = try await tokenFile(cli, "stw_t")
        let missing = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                                   "--token-file", token, "--ca-file", "/no/such/ca.pem"], environment: fileStore)
        #expect(missing.status == 2)
        #expect(missing.stderr == "stewardctl: ca-file: no such file: /no/such/ca.pem\n")

        let ca = cli.folder.appendingPathComponent("org-ca.pem")
        try "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".write(to: ca, atomically: true, encoding: .utf8)
        let http = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "http://127.0.0.1:8420",
                                "--token-file", token, "--ca-file", ca.path], environment: fileStore)
        #expect(http.status == 2)
        #expect(http.stderr.hasPrefix("stewardctl: ca-file: is only used for https:// addresses"))
        #expect(try await cli("remote", "show").status == 1)

        let kept = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                                "--token-file", token, "--ca-file", ca.path], environment: fileStore)
        #expect(kept.status == 0, "\(kept.stderr)")
        let shown = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()
        #expect(shown["caFile"]?.stringValue == ca.path)
    }

    @Test func aTokenAnOlderConsoleKeptInTheDatabaseMovesToTheCredentialStore() async throws {
        let cli = try await CLI.withOneOrganization()
        let set = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", "https://store.example.org",
                               "--token-file", try tokenFile(cli, "stw_new")], environment: fileStore)
        try #require(set.status == 0, "\(set.stderr)")
        // As an older console left it: the token in the remote's row, none in the credential store.
        try FileManager.default.removeItem(at: credentialsFolder(cli))
        do {
            let database = try AppDatabase.open(path: cli.databasePath)
            try await database.writer.write { db in try db.execute(sql: "UPDATE remote SET token = 'stw_legacy_1234'") }
        }

        let shown = try await cli.run(["--db", cli.databasePath, "remote", "show", "--json"], environment: fileStore).json()

        #expect(shown["token"]?.stringValue == "********1234")
        let database = try AppDatabase.open(path: cli.databasePath)
        let column = try await database.writer.read { db in try String.fetchOne(db, sql: "SELECT token FROM remote") }
        #expect(column == "")
        let kept = try FileManager.default.contentsOfDirectory(atPath: credentialsFolder(cli).path)
        #expect(kept.count == 1 && kept[0].hasSuffix(".api-token"))
        #expect(try String(contentsOfFile: credentialsFolder(cli).appendingPathComponent(kept[0]).path, encoding: .utf8)
                == "stw_legacy_1234")
    }

    @Test func theDatabaseTheToolCreatesIsPrivate() async throws {
        let cli = try CLI()
        let result = try await cli.run(["orgs", "add", "grace", "--name", "Grace", "--time-zone", "UTC", "--kind", "church"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = cli.folder.appendingPathComponent("xdg/steward").path
        #expect(mode(folder) == 0o700)
        let path = folder + "/steward.sqlite"
        #expect(mode(path) == 0o600)
        for file in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(mode(file) == 0o600, "\(file)")
        }
    }
}
