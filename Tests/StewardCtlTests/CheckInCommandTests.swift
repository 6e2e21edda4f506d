import Foundation
import StewardCore
import Testing

/// `stewardctl checkin code` on the demo's city office.
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

    @Test("--json prints exactly the code and until when it is valid: CheckInCode over the event's key")
    func json() async throws {
        let (cli, event) = try await demo()
        let result = try await run(cli, "checkin", "code", event, "--json")
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
        let org = try await OrganizationService(database: database).find(slug: "riverton-community")
        let keys = try await RecordService(database: database).list(.checkInKey, in: org)
        #expect(keys.count == 1)
        let key = try #require(keys.first)
        #expect(key.key == event)
        #expect(key["event"]?.stringValue == event)
        let secret = try #require(key["secret"]?.stringValue.flatMap(CheckInKeys.secretBytes))
        #expect(secret.count == 32)
        let generator = CheckInCode(secret: secret)
        let shownAt = until.addingTimeInterval(-1)
        #expect(generator.code(at: shownAt) == code)
        #expect(generator.validUntil(shownAt) == until)

        // The same key again: one per event, whoever asks and however often.
        let text = try await run(cli, "checkin", "code", event)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Check-in code: "))
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
        #expect(stored.map(\.key) == [event])
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
