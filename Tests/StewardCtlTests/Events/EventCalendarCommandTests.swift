import Foundation
import StewardCore
import Testing

/// The organization's calendars through the commands the record kit builds from their
/// declaration, and an event's `--calendar`.
@Suite("stewardctl calendars")
struct EventCalendarCommandTests {
    @Test("calendars add takes a palette colour and refuses another; an event names one with --calendar and '' takes it away")
    func calendarsAndEvents() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli("calendars", "add", "--name", "Youth", "--colour", "green")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        let calendar = try await cli("calendars", "show", id, "--json").json()
        #expect(calendar["colour"] == .string("green"))
        #expect(calendar["name"] == .string("Youth"))

        let refused = try await cli.run(["--db", cli.databasePath, "calendars", "add", "--name", "Choir", "--colour", "pink"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("colour: must be one of blue, green, yellow, orange, red, purple, brown"), "\(refused.stderr)")

        let event = try await cli.addEvent(["--title", "Youth Night", "--starts", "2026-12-04T18:30", "--calendar", id])
        let eventId = try #require(event["id"]?.stringValue)
        #expect(event["calendar"] == .string(id))
        let none = try await cli("events", "update", eventId, "--calendar", "", "--json").json()
        #expect(none["calendar"] == .null)

        let unknown = try await cli.run(["--db", cli.databasePath, "events", "add", "--title", "Late", "--starts",
                                         "2026-12-03T19:00", "--calendar", UUID().uuidString])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("calendar"), "\(unknown.stderr)")
    }
}
