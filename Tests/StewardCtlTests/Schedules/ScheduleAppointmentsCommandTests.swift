import Foundation
import StewardCore
import Testing

/// `stewardctl schedule appointments` and the appointments in `schedule refresh`, against the
/// fake MindBody on the loopback: the JSON keys, the trainer filter, a site without
/// appointments (not an error) and a failure on their page 2 (nothing changed, exit 1).
@Suite("stewardctl schedule appointments", .serialized)
struct ScheduleAppointmentsCommandTests {
    private let files = ["STEWARD_CREDENTIALS": "file"]

    private func gym() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "ironworks-gym", "--name", "Ironworks Gym", "--time-zone", "America/Denver",
                             "--kind", "gym")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    private func run(_ cli: CLI, _ arguments: [String], input: String? = nil) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments, environment: files, input: input)
    }

    private func addMindBody(_ cli: CLI, _ server: FakeServer, site: String = "-99") async throws -> String {
        let added = try await run(cli, ["schedule", "sources", "add", "--mindbody", server.url, "--site-id", site, "--api-key-stdin"],
                            input: "test-key\n")
        try #require(added.status == 0, "sources add failed: \(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func appointments(_ cli: CLI, _ extra: [String] = []) async throws -> [JSONValue] {
        try await run(cli, ["schedule", "appointments", "--from", "2027-01-04", "--to", "2027-01-04", "--json"] + extra).json().arrayValue ?? []
    }

    @Test("refresh counts the appointments; appointments lists them with every key, by trainer")
    func refreshAndList() async throws {
        let cli = try await gym()
        // 20 appointments: 16 on 2027-01-04, 4 the next day, the five trainers in turn.
        let server = try FakeServer(arguments: ["--generate", "12", "--generate-appointments", "20"])
        _ = try await addMindBody(cli, server)
        let counts = try await run(cli, ["schedule", "refresh", "--json"]).json()
        #expect(counts["appointments"] == .int(20))
        for key in ["new", "updated", "cancelled", "substitutes", "removed"] { #expect(counts[key] != nil, "no \(key)") }
        let text = try await run(cli, ["schedule", "refresh"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("removed: 0, appointments: 0"))

        let day = try await appointments(cli)
        #expect(day.count == 16)
        let first = try #require(day.first)
        #expect(first["trainer"] == .string("Alex Rivera"))
        #expect(first["status"] == .string("Booked"))
        #expect(first["clientId"] == .string("100000"))
        #expect(first["sessionType"] == .string("Personal Training 60"))
        #expect(first["startsAt"] == .string("2027-01-04T05:00:00-07:00"))
        #expect(first["removed"] == .bool(false))
        for key in ["id", "sourceId", "sourceAppointmentId", "endsAt", "durationMinutes", "staffId", "sessionTypeId",
                    "locationId", "notes", "staffRequested", "firstAppointment", "programId", "firstSeenAt", "changedAt"] {
            #expect(first[key] != nil, "no \(key)")
        }
        // Clients are private: an id, never a name.
        #expect(first["client"] == nil && first["clientName"] == nil)
        let statuses = Set(day.compactMap { $0["status"]?.stringValue })
        #expect(statuses.contains("Cancelled") && statuses.contains("NoShow"))
        #expect(try await appointments(cli, ["--trainer", "alex rivera"]).count == 4)
        #expect(try await appointments(cli, ["--trainer", "Nobody"]).isEmpty)

        let table = try await run(cli, ["schedule", "appointments", "--from", "2027-01-05", "--to", "2027-01-05"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("Personal Training 60") && table.stdout.contains("Sam Okafor"))
        #expect(try await run(cli, ["schedule", "appointments", "--from", "2027-02-01", "--to", "2027-02-02"]).stdout
            .contains("No staff appointments in that stretch."))
    }

    @Test("bad input exits 2; help names every option")
    func badInputAndHelp() async throws {
        let cli = try await gym()
        let bad = try await run(cli, ["schedule", "appointments", "--from", "tomorrow", "--to", "2027-01-04"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("2026-12-06"))
        #expect(try await run(cli, ["schedule", "appointments", "--from", "2027-01-05", "--to", "2027-01-04"]).status == 2)
        #expect(try await run(cli, ["schedule", "appointments", "--to", "2027-01-04"]).status == 2)
        let help = try await run(cli, ["schedule", "appointments", "--help"]).stdout
        for option in ["--from", "--to", "--trainer", "--json"] { #expect(help.contains(option), "no \(option)") }
    }

    @Test("a site without appointments is said once and is not an error")
    func siteWithoutAppointments() async throws {
        let cli = try await gym()
        let server = try FakeServer(arguments: ["--generate", "12", "--generate-appointments", "20"])
        _ = try await addMindBody(cli, server, site: "no-appointments")
        let refreshed = try await run(cli, ["schedule", "refresh", "--json"])
        #expect(refreshed.status == 0)
        #expect(try refreshed.json()["new"] == .int(12))
        #expect(try refreshed.json()["appointments"] == .int(0))
        #expect(refreshed.stderr.components(separatedBy: "appointments not available from this source").count == 2)
        #expect(try await appointments(cli).isEmpty)
    }

    @Test("a 500 on the appointments' page 2 fails the whole refresh and changes nothing")
    func failureOnPageTwo() async throws {
        let cli = try await gym()
        let server = try FakeServer(arguments: ["--generate", "12", "--generate-appointments", "300"])
        _ = try await addMindBody(cli, server, site: "fail-appointments-page-2")
        let failed = try await run(cli, ["schedule", "refresh"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("nothing was changed") && failed.stderr.contains("500"))
        #expect(try await appointments(cli).isEmpty)
        let classes = try await run(cli, ["schedule", "list", "--from", "2027-01-01", "--to", "2027-01-31", "--json"]).json()
        #expect(classes.arrayValue?.isEmpty == true)
    }
}
