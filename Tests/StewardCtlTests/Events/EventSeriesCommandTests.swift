import Foundation
import StewardCore
import Testing

/// A repeating event on the command line: `--repeat` and the JSON key `repeat`, kept through
/// an update of another field, and `events occurrences` listing its dates in a range.
@Suite("stewardctl events: series")
struct EventSeriesCommandTests {
    @Test("--repeat makes a series; an update of its title keeps the rule; occurrences lists its dates in the event's zone")
    func weeklySeries() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli("events", "add", "--title", "Wednesday Prayer", "--starts", "2027-05-12T19:00",
                                  "--ends", "2027-05-12T20:00", "--repeat", "FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        #expect(try await cli("events", "update", id, "--title", "Prayer").status == 0)
        let event = try await cli("events", "show", id, "--json").json()
        #expect(event["title"]?.stringValue == "Prayer")
        #expect(event["repeat"]?.stringValue == "FREQ=WEEKLY;UNTIL=20270602T235959Z;BYDAY=WE")

        // 19:00 in Chicago on Wednesday 2 June is 00:00Z on 3 June, after UNTIL: not an occurrence.
        let occurrences = try await cli("events", "occurrences", id, "--from", "2027-05-01", "--to", "2027-07-01", "--json")
            .json().items
        #expect(occurrences.compactMap { $0["startsAt"]?.stringValue }
                == ["2027-05-13T00:00:00.000Z", "2027-05-20T00:00:00.000Z", "2027-05-27T00:00:00.000Z"])
        #expect(occurrences.compactMap { $0["endsAt"]?.stringValue }.first == "2027-05-13T01:00:00.000Z")
        #expect(occurrences.allSatisfy { $0["id"]?.stringValue == id && $0["title"]?.stringValue == "Prayer" })
        // The range is [from, to): a day's occurrences belong to it.
        let oneDay = try await cli("events", "occurrences", id, "--from", "2027-05-19", "--to", "2027-05-20", "--json").json().items
        #expect(oneDay.compactMap { $0["occurrence"]?.stringValue } == ["2027-05-19T19:00"])

        // '' makes it happen once again: `show --json` prints every field, the rule empty.
        #expect(try await cli("events", "update", id, "--repeat", "").status == 0)
        let once = try await cli("events", "show", id, "--json").json()
        #expect(once["repeat"]?.stringValue == "" && once["cancelledOccurrences"] == .array([]))
    }

    @Test("with several organizations, a command naming an event by its id finds its organization without --org")
    func idNamesTheOrganization() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli("events", "add", "--title", "Choir", "--starts", "2026-12-02T19:00",
                                            "--repeat", "FREQ=WEEKLY;BYDAY=WE;COUNT=3").stdoutLines.first)
        #expect(try await cli("orgs", "add", "other-org", "--name", "Other Org", "--time-zone", "Europe/Madrid",
                              "--kind", "library").status == 0)
        let dates = try await cli("events", "occurrences", id, "--from", "2026-12-01", "--to", "2027-01-01", "--json")
        #expect(dates.status == 0, "\(dates.stderr)")
        #expect(try dates.json().items.compactMap { $0["occurrence"]?.stringValue }
                == ["2026-12-02T19:00", "2026-12-09T19:00", "2026-12-16T19:00"])
        #expect(try await cli("events", "update", id, "--title", "Carols").status == 0)
        #expect(try await cli("events", "show", id, "--json").json()["title"]?.stringValue == "Carols")
        #expect(try await cli("events", "remove", id, "--occurrence", "2026-12-09T19:00").status == 0)
        // An id of no event still needs --org, and says so.
        let unknown = try await cli("events", "show", UUID().uuidString.lowercased())
        #expect(unknown.status == 2 && unknown.stderr.contains("--org"), "\(unknown.stderr)")
        // --org still decides: the event is not in the other organization.
        #expect(try await cli("events", "show", id, "--org", "other-org").status == 1)
    }

    @Test("a rule that is no rule, repeats by the hour, or repeats an ongoing event is refused naming repeat (exit 2), and nothing is added")
    func refusedRules() async throws {
        let cli = try await CLI.withOneOrganization()
        for (timing, rule) in [(["--starts", "2027-05-12T19:00"], "every wednesday"), (["--starts", "2027-05-12T19:00"], "FREQ=HOURLY"),
                               (["--untimed"], "FREQ=DAILY")] {
            let refused = try await cli.run(["--db", cli.databasePath, "events", "add", "--title", "X"] + timing + ["--repeat", rule])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("repeat: "), "\(refused.stderr)")
        }
        #expect(try await cli("events", "list", "--json").json().items.isEmpty)
    }

    @Test("remove --occurrence cancels one date; update --occurrence changes one; --following splits the series there")
    func occurrences() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli("events", "add", "--title", "Choir", "--starts", "2026-12-02T19:00",
                                            "--repeat", "FREQ=WEEKLY;BYDAY=WE;COUNT=6").stdoutLines.first)
        func dates(_ id: String) async throws -> [String] {
            try await cli("events", "occurrences", id, "--from", "2026-12-01", "--to", "2027-02-01", "--json").json().items
                .compactMap { $0["occurrence"]?.stringValue }
        }
        #expect(try await cli("events", "remove", id, "--occurrence", "2026-12-09T19:00").status == 0)
        #expect(try await cli("events", "show", id, "--json").json()["cancelledOccurrences"] == .array([.string("2026-12-09T19:00")]))
        #expect(try await dates(id) == ["2026-12-02T19:00", "2026-12-16T19:00", "2026-12-23T19:00", "2026-12-30T19:00", "2027-01-06T19:00"])

        let changed = try await cli("events", "update", id, "--occurrence", "2026-12-16T19:00", "--title", "Carols",
                                    "--starts", "2026-12-16T18:00", "--json")
        #expect(changed.status == 0, "\(changed.stderr)")
        let items = try await cli("events", "occurrences", id, "--from", "2026-12-16", "--to", "2026-12-17", "--json").json().items
        #expect(items.first?["title"]?.stringValue == "Carols")
        #expect(items.first?["startsAt"]?.stringValue == "2026-12-17T00:00:00.000Z")
        #expect(items.first?["changed"]?.boolValue == true)

        let split = try await cli("events", "update", id, "--occurrence", "2026-12-23T19:00", "--following", "--location-name", "Hall")
        #expect(split.status == 0, "\(split.stderr)")
        let newId = try #require(split.stdoutLines.first)
        #expect(newId != id)
        #expect(try await dates(id) == ["2026-12-02T19:00", "2026-12-16T19:00"])
        #expect(try await dates(newId) == ["2026-12-23T19:00", "2026-12-30T19:00", "2027-01-06T19:00"])
        #expect(try await cli("events", "show", newId, "--json").json()["locationName"]?.stringValue == "Hall")

        // A date the series does not have, a second cancellation, and a series-wide field for one date are refused.
        for (command, problem) in [(["remove", id, "--occurrence", "2026-12-10T19:00"], "is not an occurrence"),
                                   (["remove", id, "--occurrence", "2026-12-09T19:00"], "is cancelled already"),
                                   (["update", id, "--occurrence", "2026-12-02T19:00", "--host", "Choir"], "one occurrence can change")] {
            let refused = try await cli.run(["--db", cli.databasePath, "events"] + command)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("occurrence: ") && refused.stderr.contains(problem), "\(refused.stderr)")
        }
    }
}
