import Foundation
import StewardCore
import Testing

/// `stewardctl rides list --occurrence` on a repeating event: the board of one date, saying
/// which; a date the series lacks is refused; an event that happens once is as before.
@Suite("stewardctl rides for one date")
struct RidesOccurrenceCommandTests {
    @Test("a series' board names its date; a date it lacks is refused; a single event's board names none")
    func boardOfADate() async throws {
        let cli = try await CLI.withOneOrganization()
        let series = try #require(try await cli.addEvent(["--title", "Bible study", "--starts", "2026-12-01T18:00",
                                                          "--repeat", "FREQ=WEEKLY;COUNT=4", "--ride-sharing",
                                                          "--org", "test-org"])["id"]?.stringValue)
        let base = ["--db", cli.databasePath, "rides", "list", "--event", series]
        let second = try await cli.run(base + ["--occurrence", "2026-12-08T18:00", "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try second.json()["occurrence"]?.stringValue == "2026-12-08T18:00")
        let text = try await cli.run(base + ["--occurrence", "2026-12-08T18:00"])
        #expect(text.stdout.hasPrefix("Rides for the date starting 2026-12-08T18:00"), "\(text.stdout)")
        let wrong = try await cli.run(base + ["--occurrence", "2026-12-09T18:00"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("2026-12-09T18:00"), "\(wrong.stderr)")

        let single = try #require(try await cli.addEvent(["--title", "Retreat", "--starts", "2026-12-05T09:00",
                                                          "--ride-sharing", "--org", "test-org"])["id"]?.stringValue)
        let board = try await cli.run(["--db", cli.databasePath, "rides", "list", "--event", single, "--json"])
        #expect(board.status == 0, "\(board.stderr)")
        guard case .object(let members) = try board.json() else { Issue.record("not an object"); return }
        #expect(members["occurrence"] == nil)
        #expect(Set(members.keys) == ["event", "drivers", "waiting", "plan", "backOnTheList", "cancelled"])
    }
}
