import Foundation
import StewardCore
import Testing

/// Campuses and ministries through the commands the record kit builds from their declaration,
/// and the `--campus` and `--ministry` an event and a resource take.
@Suite("stewardctl campuses and ministries")
struct CampusCommandTests {
    @Test("campuses and ministries add; an event and a resource name them, and '' takes the event's away")
    func campusesAndTags() async throws {
        let cli = try await CLI.withOneOrganization()
        let campus = try await cli("campuses", "add", "--name", "North Campus", "--address", "1 Main St", "--position", "1")
        #expect(campus.status == 0, "\(campus.stderr)")
        let campusId = try #require(campus.stdoutLines.first)
        let shown = try await cli("campuses", "show", campusId, "--json").json()
        #expect(shown["name"] == .string("North Campus"))
        #expect(shown["position"] == .int(1))
        let ministry = try await cli("ministries", "add", "--name", "Students")
        #expect(ministry.status == 0, "\(ministry.stderr)")
        let ministryId = try #require(ministry.stdoutLines.first)

        let event = try await cli.addEvent(["--title", "Large Group", "--starts", "2026-12-04T18:30", "--campus", campusId,
                                            "--ministry", ministryId])
        let eventId = try #require(event["id"]?.stringValue)
        #expect(event["campus"] == .string(campusId))
        #expect(event["ministry"] == .string(ministryId))
        let everyone = try await cli("events", "update", eventId, "--campus", "", "--json").json()
        #expect(everyone["campus"] == .null)
        #expect(everyone["ministry"] == .string(ministryId))

        let resource = try await cli("ministry-resources", "add", "--title", "Guide", "--kind", "article", "--summary", "Read me",
                                     "--campus", campusId)
        #expect(resource.status == 0, "\(resource.stderr)")
        let resourceId = try #require(resource.stdoutLines.first)
        #expect(try await cli("ministry-resources", "show", resourceId, "--json").json()["campus"] == .string(campusId))

        let unknown = try await cli.run(["--db", cli.databasePath, "ministry-resources", "add", "--title", "Lost", "--kind",
                                         "article", "--summary", "x", "--ministry", UUID().uuidString])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("ministry"), "\(unknown.stderr)")
    }
}
