import Foundation
import StewardCore
import Testing

/// `stewardctl checkin code` on the demo's city office, and on a console with a store of its own.
@Suite("stewardctl checkin code")
struct CheckInCommandTests {
    static let org = ["--org", "riverton-community"]

    func run(_ cli: CLI, _ arguments: String...) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments + Self.org)
    }

    func demo() async throws -> (CLI, String) {
        let cli = try CLI()
        try #require(try await cli("demo", "load").status == 0)
        let events = try await run(cli, "events", "list", "--json").json().items
        let id = try #require(events.first { $0["title"]?.stringValue == "Town Hall with the Mayor" }?["id"]?.stringValue)
        return (cli, id)
    }

    /// A console with one organization connected to a store of its own, and an event there that
    /// gives stamps (made, not yet sent).
    func connected(_ extra: [String] = []) async throws -> (CLI, StoreProcess, String) {
        let cli = try await CLI.withOneOrganization()
        let store = StoreProcess(folder: cli.folder)
        let token = try await store.addOrganization("test-org", zone: "America/Chicago")
        try store.start()
        let remote = try await cli.run(["--db", cli.databasePath, "remote", "set", "--url", store.url, "--token-file", "-",
                                        "--org", "test-org"], environment: Self.files, input: token + "\n")
        try #require(remote.status == 0, "remote set failed: \(remote.stderr)")
        let event = try await cli.addEvent(["--title", "Harvest Festival", "--starts", "2026-12-01T18:00", "--stamp-value", "2",
                                            "--org", "test-org"] + extra)
        return (cli, store, try #require(event["id"]?.stringValue))
    }

    static let files = ["STEWARD_CREDENTIALS": "file"]

    @Test("an event whose key the store does not have yet: refused with exit 2, saying so, no code shown")
    func notOnTheStoreYet() async throws {
        let cli = try await CLI.withOneOrganization()
        let event = try #require(try await cli.addEvent(["--title", "Harvest Festival", "--starts", "2026-12-01T18:00",
                                                         "--stamp-value", "2", "--org", "test-org"])["id"]?.stringValue)
        for json in [false, true] {
            let result = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--org", "test-org"]
                                           + (json ? ["--json"] : []))
            #expect(result.status == 2, "\(result.stdout)")
            #expect(result.stdout.isEmpty, "no code may be shown: \(result.stdout)")
            #expect(result.stderr.contains("the store does not have the check-in key of “Harvest Festival” yet"), "\(result.stderr)")
            #expect(result.stderr.contains("stewardctl sync --org test-org"), "\(result.stderr)")
        }
    }

    @Test("a repeating event's code is its date's own: --json adds the date, the text says it")
    func series() async throws {
        // Weekly for ever: whenever the test runs, a date is open or to come.
        let (cli, store, event) = try await connected(["--repeat", "FREQ=WEEKLY"])
        defer { withExtendedLifetime(store) {} }
        let synced = try await cli.run(["--db", cli.databasePath, "sync", "--org", "test-org"], environment: Self.files)
        try #require(synced.status == 0, "sync failed: \(synced.stderr)")
        let result = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--json", "--org", "test-org"],
                                       environment: Self.files)
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try result.json()
        guard case .object(let members) = answer else { Issue.record("not an object: \(result.stdout)"); return }
        #expect(Set(members.keys) == ["code", "validUntil", "occurrence"])
        let occurrence = try #require(answer["occurrence"]?.stringValue)
        #expect(occurrence.hasSuffix("T18:00"), "\(occurrence)")
        let until = try #require(answer["validUntil"]?.stringValue.flatMap(DateTimeText.parseUTC))
        let database = try AppDatabase.open(path: cli.databasePath)
        let org = try await OrganizationService(database: database).find(slug: "test-org")
        let key = try #require(try await RecordService(database: database).list(.checkInKey, in: org).first)
        let secret = try #require(key["secret"]?.stringValue.flatMap(CheckInKeys.secretBytes))
        #expect(answer["code"]?.stringValue == CheckInOccurrences.code(secret: secret, occurrence: occurrence)
            .code(at: until.addingTimeInterval(-1)))
        let text = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--org", "test-org"],
                                     environment: Self.files)
        #expect(text.stdout.contains("For the date starting \(occurrence)"), "\(text.stdout)")
    }

    @Test("--json prints exactly the code and until when it is valid: CheckInCode over the key the store has")
    func json() async throws {
        let (cli, store, event) = try await connected()
        let waiting = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--org", "test-org"],
                                        environment: Self.files)
        #expect(waiting.status == 2)
        let synced = try await cli.run(["--db", cli.databasePath, "sync", "--org", "test-org"], environment: Self.files)
        try #require(synced.status == 0, "sync failed: \(synced.stderr)")

        let result = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--json", "--org", "test-org"],
                                       environment: Self.files)
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try result.json()
        guard case .object(let members) = answer else { Issue.record("not an object: \(result.stdout)"); return }
        #expect(Set(members.keys) == ["code", "validUntil"])
        let code = try #require(answer["code"]?.stringValue)
        let until = try #require(answer["validUntil"]?.stringValue.flatMap(DateTimeText.parseUTC))
        #expect(answer["validUntil"]?.stringValue == DateTimeText.utc(until))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(until > Date().addingTimeInterval(-5) && until <= Date().addingTimeInterval(CheckInCode.defaultStep + 5))

        let database = try AppDatabase.open(path: cli.databasePath)
        let org = try await OrganizationService(database: database).find(slug: "test-org")
        let keys = try await RecordService(database: database).list(.checkInKey, in: org)
        #expect(keys.count == 1)
        let key = try #require(keys.first)
        #expect(key.key == event)
        #expect(key["event"]?.stringValue == event)
        #expect(key.version > 0, "the store's version")
        let secretText = try #require(key["secret"]?.stringValue)
        let secret = try #require(CheckInKeys.secretBytes(secretText))
        #expect(secret.count == 32)
        let generator = CheckInCode(secret: secret)
        let shownAt = until.addingTimeInterval(-1)
        #expect(generator.code(at: shownAt) == code)
        #expect(generator.validUntil(shownAt) == until)
        // The store holds the same secret: the code it checks is the one shown.
        #expect(try await store.run("dump", "--org", "test-org").contains(secretText))

        // The same key again: one per event, whoever asks and however often.
        let text = try await cli.run(["--db", cli.databasePath, "checkin", "code", event, "--org", "test-org"],
                                     environment: Self.files)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Check-in code: "), "\(text.stdout)")
        #expect(text.stdout.contains("Valid until "))
        #expect(try await RecordService(database: database).list(.checkInKey, in: org).count == 1)
    }

    @Test("CheckInKeys makes one key per event, even asked at once")
    func oneKey() async throws {
        let (cli, event) = try await demo()
        let database = try AppDatabase.open(path: cli.databasePath)
        let org = try await OrganizationService(database: database).find(slug: "riverton-community")
        let keys = CheckInKeys(database: database)
        let id = try #require(UUID(uuidString: event))
        let at = Date()
        let codes = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await keys.code(for: id, in: org, at: at).code } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(codes.count == 1)
        let stored = try await RecordService(database: database).list(.checkInKey, in: org)
        #expect(stored.filter { $0.key == event }.count == 1)
    }

    @Test("an event with no stamps, an unknown event and a malformed id are refused with exit 2")
    func refused() async throws {
        let (cli, _) = try await demo()
        let events = try await run(cli, "events", "list", "--json").json().items
        let plain = try #require(events.first { $0["title"]?.stringValue == "Senior Tech Help Hour" }?["id"]?.stringValue)
        let noStamps = try await run(cli, "checkin", "code", plain, "--json")
        #expect(noStamps.status == 2)
        #expect(noStamps.stderr.contains("gives no stamps"), "\(noStamps.stderr)")
        #expect(noStamps.stdout.isEmpty)
        let unknown = try await run(cli, "checkin", "code", UUID().uuidString.lowercased())
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("there is no event"), "\(unknown.stderr)")
        let malformed = try await run(cli, "checkin", "code", "nope")
        #expect(malformed.status == 2)
    }
}
