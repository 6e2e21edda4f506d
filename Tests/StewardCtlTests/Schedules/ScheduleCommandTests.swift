import Foundation
import StewardCore
import StewardTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `stewardctl schedule`: sources, refresh (counts and all-or-nothing), list and note, with
/// their exact JSON keys and exit codes, against the fake MindBody on the loopback.
@Suite("stewardctl schedule", .serialized)
struct ScheduleCommandTests {
    /// A console with the gym (America/Denver) and the credentials in a private file.
    private func gym() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "ironworks-gym", "--name", "Ironworks Gym", "--time-zone", "America/Denver",
                             "--kind", "gym")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    private let files = ["STEWARD_CREDENTIALS": "file"]

    private func run(_ cli: CLI, _ arguments: [String], input: String? = nil) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments, environment: files, input: input)
    }

    private func addMindBody(_ cli: CLI, _ server: FakeServer, site: String = "-99", key: String = "test-key") async throws -> String {
        let added = try await run(cli, ["schedule", "sources", "add", "--mindbody", server.url, "--site-id", site, "--api-key-stdin"],
                            input: key + "\n")
        try #require(added.status == 0, "sources add failed: \(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Classes from the days the fixtures use: the generated ones (January 2027) and those
    /// `classes` puts in the coming days.
    private func list(_ cli: CLI, _ extra: [String] = []) async throws -> [JSONValue] {
        let from = Self.day(-1), to = max(Self.day(10), "2027-01-31")
        return try await run(cli, ["schedule", "list", "--from", min(from, "2027-01-01"), "--to", to, "--json"] + extra).json().arrayValue ?? []
    }

    /// A day counted from today in Denver, as YYYY-MM-DD: the refresh asks about the coming
    /// weeks, so the timetable that changes lies there.
    static func day(_ offset: Int) -> String {
        let zone = TimeZone(identifier: "America/Denver")!
        return LocalDate(Date(), in: zone).adding(days: offset).description
    }

    @Test("sources add, list and remove; the API key never reaches the database or the output")
    func sources() async throws {
        let cli = try await gym()
        let server = try FakeServer(arguments: ["--generate", "12"])
        let id = try await addMindBody(cli, server, key: "very-secret-key")
        #expect(UUID(uuidString: id) != nil)
        let listed = try await run(cli, ["schedule", "sources", "list", "--json"]).json()
        let source = try #require(listed.arrayValue?.first)
        #expect(source["id"] == .string(id))
        #expect(source["kind"] == .string("mindbody"))
        #expect(source["location"] == .string(server.url))
        #expect(source["siteId"] == .string("-99"))
        #expect(source["lastRefreshedAt"] == .null)
        #expect(!listed.canonicalText.contains("very-secret-key"))
        let database = try #require(FileManager.default.contents(atPath: cli.databasePath))
        #expect(database.range(of: Data("very-secret-key".utf8)) == nil)

        let removed = try await run(cli, ["schedule", "sources", "remove", id])
        #expect(removed.status == 0)
        #expect(try await run(cli, ["schedule", "sources", "list", "--json"]).json() == .array([]))
        #expect(try await run(cli, ["schedule", "sources", "remove", id]).status == 2)
    }

    @Test("bad input exits 2 and adds nothing")
    func badInput() async throws {
        let cli = try await gym()
        #expect(try await run(cli, ["schedule", "sources", "add", "--mindbody", "https://api.example.com", "--site-id", "-99"]).status == 2)
        #expect(try await run(cli, ["schedule", "sources", "add", "--mindbody", "https://api.example.com", "--site-id", "-99",
                              "--api-key-stdin"], input: "\n").status == 2)
        #expect(try await run(cli, ["schedule", "sources", "add", "--mindbody", "not a url", "--site-id", "-99", "--api-key-stdin"],
                        input: "k\n").status == 2)
        #expect(try await run(cli, ["schedule", "sources", "add", "--mindbody", "http://api.example.com", "--site-id", "-99",
                              "--api-key-stdin"], input: "k\n").status == 2)
        #expect(try await run(cli, ["schedule", "sources", "add", "--file", "/nonexistent/classes.json"]).status == 2)
        let garbage = cli.folder.appendingPathComponent("garbage.json")
        try Data("{\"Classes\": [{\"Id\": ".utf8).write(to: garbage)
        let refused = try await run(cli, ["schedule", "sources", "add", "--file", garbage.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("JSON"))
        #expect(try await run(cli, ["schedule", "sources", "add"]).status == 2)
        #expect(try await run(cli, ["schedule", "sources", "list", "--json"]).json() == .array([]))
        #expect(try await run(cli, ["schedule", "list", "--from", "2027-13-01", "--to", "2027-01-31"]).status == 2)
        #expect(try await run(cli, ["schedule", "list", "--from", "2027-01-31", "--to", "2027-01-01"]).status == 2)
        #expect(try await run(cli, ["schedule", "note", "not-an-id", "--text", "x"]).status == 2)
        #expect(try await run(cli, ["schedule", "note", UUID().uuidString, "--text", "x"]).status == 2)
        #expect(try await run(cli, ["schedule", "refresh", UUID().uuidString]).status == 2)
    }

    @Test("refresh prints the counts, list shows every field, a note survives the next refresh")
    func refreshListAndNote() async throws {
        let cli = try await gym()
        let classes = cli.folder.appendingPathComponent("classes.json")
        try Self.classes([(1, false, false), (2, true, false), (3, false, true), (4, false, false)]).write(to: classes)
        let server = try FakeServer(arguments: ["--classes", classes.path])
        let source = try await addMindBody(cli, server)

        let first = try await run(cli, ["schedule", "refresh", "--json"]).json()
        #expect(first == .object(["new": .int(4), "updated": .int(0), "cancelled": .int(1), "substitutes": .int(1),
                                  "removed": .int(0), "appointments": .int(0)]))
        let all = try await list(cli)
        #expect(all.count == 4)
        let yoga = try #require(all.first { $0["sourceClassId"] == .string("9002") })
        #expect(yoga["sourceId"] == .string(source))
        #expect(yoga["name"] == .string("Yoga 2"))
        #expect(yoga["trainer"] == .string("Priya Natarajan"))
        #expect(yoga["room"] == .string("Studio B"))
        #expect(yoga["cancelled"] == .bool(true))
        #expect(yoga["substitute"] == .bool(false))
        #expect(yoga["maxCapacity"] == .int(20))
        #expect(yoga["totalBooked"] == .int(12))
        #expect(yoga["startsAt"]?.stringValue?.hasPrefix("\(Self.day(2))T09:00:00-0") == true)
        #expect(yoga["localNote"] == .string(""))
        #expect(yoga["removed"] == .bool(false))
        for key in ["id", "program", "endsAt", "location", "webCapacity", "featured", "classScheduleId"] {
            #expect(yoga[key] != nil, "no \(key)")
        }
        #expect(try await list(cli, ["--cancelled"]).map { $0["sourceClassId"] } == [.string("9002")])
        #expect(try await list(cli, ["--trainer", "priya natarajan"]).count == 2)

        let classId = try #require(yoga["id"]?.stringValue)
        let noted = try await run(cli, ["schedule", "note", classId, "--text", "Mats cleaned Friday"])
        #expect(noted.status == 0)
        let featured = try await run(cli, ["schedule", "feature", classId, "--json"])
        #expect(featured.status == 0)
        #expect(try featured.json()["featured"] == .bool(true))
        let plain = try await run(cli, ["schedule", "feature", classId, "--off"])
        #expect(plain.stdout.contains("no longer featured"))
        #expect(try await run(cli, ["schedule", "feature", classId]).stdout.contains("is featured in the app"))
        #expect(try await run(cli, ["schedule", "feature", "not-an-id"]).status == 2)
        #expect(try await run(cli, ["schedule", "feature", "--help"]).stdout.contains("--off"))

        // The source drops class 4 and cancels class 1.
        try Self.classes([(1, true, false), (2, true, false), (3, false, true)]).write(to: classes)
        let text = try await run(cli, ["schedule", "refresh", source])
        #expect(text.status == 0)
        #expect(text.stdout.contains("new: 0, updated: 1, cancelled: 1, substitutes: 0, removed: 1"))
        let after = try await list(cli)
        #expect(after.count == 4)
        #expect(after.first { $0["id"] == .string(classId) }?["localNote"] == .string("Mats cleaned Friday"))
        #expect(after.first { $0["id"] == .string(classId) }?["featured"] == .bool(true), "a refresh keeps the flag")
        #expect(after.first { $0["sourceClassId"] == .string("9004") }?["removed"] == .bool(true))
        let listed = try await run(cli, ["schedule", "sources", "list", "--json"]).json().arrayValue?.first
        #expect(listed?["lastCounts"]?["removed"] == .int(1))
        #expect(listed?["lastRefreshedAt"] != .null)
    }

    @Test("a failed refresh exits 1 with the reason and changes nothing")
    func failedRefresh() async throws {
        let cli = try await gym()
        let server = try FakeServer(arguments: ["--generate", "500"])
        let good = try await addMindBody(cli, server)
        #expect(try await run(cli, ["schedule", "refresh", good]).status == 0)
        let before = try await list(cli)
        #expect(before.count == 500 || before.count > 0)

        let wrongKey = try await addMindBody(cli, server, key: "wrong-key")
        let refused = try await run(cli, ["schedule", "refresh"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("API key"))
        #expect(refused.stderr.contains("nothing was changed"))
        _ = try await run(cli, ["schedule", "sources", "remove", wrongKey])

        let failing = try await addMindBody(cli, server, site: "fail-page-3")
        let serverError = try await run(cli, ["schedule", "refresh", failing, "--json"])
        #expect(serverError.status == 1)
        #expect(serverError.stdout.isEmpty)
        #expect(serverError.stderr.contains("page 3") && serverError.stderr.contains("500"))
        #expect(try await list(cli) == before)
        let sources = try await run(cli, ["schedule", "sources", "list", "--json"]).json().arrayValue ?? []
        #expect(sources.first { $0["id"] == .string(failing) }?["lastRefreshedAt"] == .null)
    }

    @Test("refreshing all: a source whose key expired is named with why and exits 1; the others are refreshed")
    func oneFailingSourceStopsNoOther() async throws {
        let cli = try await gym()
        let classes = cli.folder.appendingPathComponent("classes.json")
        try Self.classes([(1, false, false), (2, true, false), (3, false, true)]).write(to: classes)
        let server = try FakeServer(arguments: ["--classes", classes.path])
        let expired = try await addMindBody(cli, server, site: "12345", key: "expired-key")
        let good = try await addMindBody(cli, server)

        let text = try await run(cli, ["schedule", "refresh"])
        #expect(text.status == 1)
        #expect(text.stderr.contains("MindBody \(server.url) (site 12345): refresh failed, nothing was changed for this source: "
                                     + "MindBody refused the API key"), "\(text.stderr)")
        #expect(!text.stderr.contains("(site -99)"), "the good source did not fail: \(text.stderr)")
        #expect(text.stdout.contains("new: 3, updated: 0, cancelled: 1, substitutes: 1, removed: 0"), "\(text.stdout)")
        let mirrored = try await list(cli)
        #expect(mirrored.count == 3)
        #expect(mirrored.allSatisfy { $0["sourceId"] == .string(good) })
        let sources = try await run(cli, ["schedule", "sources", "list", "--json"]).json().arrayValue ?? []
        let failed = sources.first { $0["id"] == .string(expired) }
        #expect(failed?["lastRefreshedAt"] == .null)
        #expect(failed?["lastFailure"]?.stringValue?.contains("API key") == true)
        #expect(failed?["lastFailedAt"]?.stringValue != nil)
        #expect(sources.first { $0["id"] == .string(good) }?["lastFailure"] == .null)

        // --json: the counts of what was refreshed, as before, and each failed source with why.
        let json = try await run(cli, ["schedule", "refresh", "--json"])
        #expect(json.status == 1)
        let answer = try JSONValue.parse(json.stdout)
        #expect(answer["new"] == .int(0) && answer["removed"] == .int(0))
        let listed = try #require(answer["failed"]?.arrayValue)
        #expect(listed.count == 1)
        #expect(listed.first?["id"] == .string(expired))
        #expect(listed.first?["label"] == .string("MindBody \(server.url) (site 12345)"))
        #expect(listed.first?["reason"]?.stringValue?.contains("API key") == true)
        #expect(json.stderr.contains("(site 12345): refresh failed"))
    }

    @Test("a saved v6 JSON file and an iCalendar file are sources too")
    func fileAndCalendar() async throws {
        let cli = try await gym()
        let saved = cli.folder.appendingPathComponent("classes.json")
        let array = try JSONValue.parse(Self.classes([(1, false, false), (2, true, false)]))
        try Data(JSONValue.object(["Classes": array, "PaginationResponse": .object(["TotalResults": .int(2)])]).canonicalBytes)
            .write(to: saved)
        let file = try await run(cli, ["schedule", "sources", "add", "--file", saved.path])
        #expect(file.status == 0)
        let ics = cli.folder.appendingPathComponent("timetable.ics")
        try Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:open-gym-1\r
            DTSTART;TZID=America/Denver:20270106T100000\r
            DTEND;TZID=America/Denver:20270106T110000\r
            SUMMARY:Open Gym\r
            LOCATION:Studio A\r
            STATUS:CANCELLED\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8).write(to: ics)
        #expect(try await run(cli, ["schedule", "sources", "add", "--ical", ics.path]).status == 0)
        let counts = try await run(cli, ["schedule", "refresh", "--json"]).json()
        #expect(counts["new"] == .int(3))
        #expect(counts["cancelled"] == .int(2))
        let open = try await list(cli).first { $0["name"] == .string("Open Gym") }
        #expect(open?["room"] == .string("Studio A"))
        #expect(open?["startsAt"] == .string("2027-01-06T10:00:00-07:00"))
    }

    /// Classes in MindBody's shape: (number, cancelled, substitute); even numbers are Yoga
    /// with Priya in Studio B, odd ones Strength with Alex in Studio A, class n on day n from today.
    static func classes(_ specs: [(Int, Bool, Bool)]) -> Data {
        Data(JSONValue.array(specs.map { number, cancelled, substitute in
            let yoga = number % 2 == 0
            let day = Self.day(number)
            return .object([
                "Id": .int(Int64(9000 + number)), "ClassScheduleId": .int(yoga ? 2 : 1),
                "StartDateTime": .string("\(day)T09:00:00"), "EndDateTime": .string("\(day)T10:00:00"),
                "ClassDescription": .object([
                    "Id": .int(yoga ? 2 : 1), "Name": .string("\(yoga ? "Yoga" : "Strength") \(number)"),
                    "Description": .string(""), "Program": .object(["Id": .int(1), "Name": .string(yoga ? "Yoga" : "Strength")]),
                    "SessionType": .object(["Id": .int(1), "Name": .string("Group")]),
                ]),
                "Staff": .object(["Id": .int(yoga ? 104 : 101), "Name": .string(yoga ? "Priya Natarajan" : "Alex Rivera")]),
                "Substitute": .bool(substitute), "IsCanceled": .bool(cancelled), "Active": .bool(true),
                "Location": .object(["Id": .int(1), "Name": .string("Ironworks Downtown")]),
                "Resource": .object(["Id": .int(yoga ? 2 : 1), "Name": .string(yoga ? "Studio B" : "Studio A")]),
                "MaxCapacity": .int(20), "WebCapacity": .int(18), "TotalBooked": .int(12), "TotalBookedWaitlist": .int(0),
                "IsWaitlistAvailable": .bool(false),
            ])
        }).canonicalBytes)
    }
}

/// Tests/schedules/fake_mindbody.py on the loopback.
final class FakeServer: Sendable {
    private let server: PythonServer
    var url: String { server.url }

    init(arguments: [String]) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schedules/fake_mindbody.py").path
        server = try PythonServer(arguments: [script] + arguments)
    }
}
