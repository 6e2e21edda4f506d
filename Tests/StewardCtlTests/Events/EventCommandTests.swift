import Foundation
import StewardCore
import Testing

@Suite("stewardctl events")
struct EventCommandTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Every field option with a value, for a timed event given with offsets.
    static let fullTimedEvent = [
        "--title", "Harvest Potluck", "--description", "Bring a dish.\nTables provided.",
        "--location-name", "Fellowship Hall", "--address", "12 Main St, Springfield",
        "--latitude", "41.8781", "--longitude=-87.6298",
        "--starts", "2026-12-01T18:00-05:00", "--ends", "2026-12-02T02:30Z",
        "--image-url", "https://example.org/potluck.png",
        "--link", "Sign up | https://example.org/signup", "--link", "https://example.org/map",
        "--host", "Hospitality Team", "--contact-name", "Ruth Ames",
        "--contact-email", "ruth@example.org", "--contact-phone", "+1 555 010 0199",
        "--audience", "Families, Youth, families", "--stamp-value", "3", "--ride-sharing",
    ]

    @Test("add, then list --search finds it, then show --json gives back every field (timed, with offsets)")
    func timedRoundTrip() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli.run(["--db", cli.databasePath, "events", "add"] + Self.fullTimedEvent)
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        #expect(UUID(uuidString: id) != nil, "first line is the id: \(id)")

        let found = try await cli("events", "list", "--search", "harv pot", "--json").json().items
        #expect(found.compactMap { $0["id"]?.stringValue } == [id])
        let listed = try await cli("events", "list", "--search", "fellowship")
        #expect(listed.stdout.contains(id))
        #expect(listed.stdout.contains("Harvest Potluck"))
        #expect(try await cli("events", "list", "--search", "zumba", "--json").json().items.isEmpty)

        let event = try await cli("events", "show", id, "--json").json()
        #expect(event["id"]?.stringValue == id)
        #expect(event["org"]?.stringValue == "test-org")
        #expect(event["title"]?.stringValue == "Harvest Potluck")
        #expect(event["description"]?.stringValue == "Bring a dish.\nTables provided.")
        #expect(event["location"]?.stringValue == "Fellowship Hall")
        #expect(event["address"]?.stringValue == "12 Main St, Springfield")
        #expect(event["latitude"]?.doubleValue == 41.8781)
        #expect(event["longitude"]?.doubleValue == -87.6298)
        #expect(event["timing"]?.stringValue == "timed")
        // 18:00-05:00 is 17:00 in Chicago; the output carries the offset of the org's zone.
        #expect(event["starts"]?.stringValue == "2026-12-01T17:00:00-06:00")
        #expect(event["ends"]?.stringValue == "2026-12-01T20:30:00-06:00")
        let starts = try #require(event["starts"]?.stringValue.flatMap { DateTimeText.parse($0, zone: Self.utc) })
        #expect(starts == DateTimeText.parse("2026-12-01T23:00Z", zone: Self.utc))
        #expect(event["timeZone"]?.stringValue == "America/Chicago")
        #expect(event["imageURL"]?.stringValue == "https://example.org/potluck.png")
        #expect(event["links"] == .array([
            .object(["label": .string("Sign up"), "url": .string("https://example.org/signup")]),
            .object(["label": .string("https://example.org/map"), "url": .string("https://example.org/map")]),
        ]))
        #expect(event["host"]?.stringValue == "Hospitality Team")
        #expect(event["contact"] == .object(["name": .string("Ruth Ames"), "email": .string("ruth@example.org"),
                                             "phone": .string("+1 555 010 0199")]))
        #expect(event["audience"]?.items.compactMap(\.stringValue) == ["families", "youth"])
        #expect(event["stampValue"]?.int64Value == 3)
        #expect(event["rideSharing"]?.boolValue == true)
        #expect(event["version"]?.int64Value == 0)
        #expect(event["updatedAt"]?.stringValue.flatMap { DateTimeText.parse($0, zone: Self.utc) } != nil)

        // The text form shows the same event, its time as people read it.
        let shown = try await cli.run(["--db", cli.databasePath, "events", "show", id], environment: CLI.englishDates)
        #expect(shown.status == 0)
        #expect(shown.stdoutLines.first?.hasSuffix(id) == true)
        #expect(shown.stdout.contains("Harvest Potluck"))
        #expect(shown.stdout.contains("Tue 1 Dec 2026, 17:00–20:30"))
        #expect(shown.stdout.contains("ruth@example.org"))
    }

    @Test("a timed event in another zone keeps that zone and its local times")
    func timedInAnotherZone() async throws {
        let cli = try await CLI.withOneOrganization()
        let event = try await cli.addEvent(["--title", "Paris Call", "--starts", "2026-06-10T09:00", "--time-zone", "Europe/Paris"])
        #expect(event["timeZone"]?.stringValue == "Europe/Paris")
        #expect(event["starts"]?.stringValue == "2026-06-10T09:00:00+02:00")
        // No --ends: one hour.
        #expect(event["ends"]?.stringValue == "2026-06-10T10:00:00+02:00")
    }

    @Test("an all-day event round-trips with dates and no zone")
    func allDayRoundTrip() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli.addEvent(["--title", "Book Fair", "--all-day", "--starts", "2026-12-12", "--ends", "2026-12-13"])
        let id = try #require(added["id"]?.stringValue)
        let event = try await cli("events", "show", id, "--json").json()
        #expect(event == added)
        #expect(event["timing"]?.stringValue == "all-day")
        #expect(event["starts"]?.stringValue == "2026-12-12")
        #expect(event["ends"]?.stringValue == "2026-12-13")
        #expect(event["timeZone"]?.isNull == true)
        let text = try await cli.run(["--db", cli.databasePath, "events", "show", id], environment: CLI.englishDates)
        #expect(text.stdout.contains("12–13 Dec 2026 · all day"))

        // A date-only --starts makes an all-day event without the flag; one day by default.
        let single = try await cli.addEvent(["--title", "Closed for Inventory", "--starts", "2026-12-20"])
        #expect(single["timing"]?.stringValue == "all-day")
        #expect(single["ends"]?.stringValue == "2026-12-20")
    }

    @Test("an untimed event round-trips with null times")
    func untimedRoundTrip() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli.addEvent(["--title", "Mural Walk", "--untimed", "--location-name", "Downtown"])
        let id = try #require(added["id"]?.stringValue)
        let event = try await cli("events", "show", id, "--json").json()
        #expect(event == added)
        #expect(event["timing"]?.stringValue == "untimed")
        #expect(event["starts"]?.isNull == true)
        #expect(event["ends"]?.isNull == true)
        #expect(event["timeZone"]?.isNull == true)
        #expect(try await cli("events", "list").stdout.contains("Ongoing"))
    }

    /// The event without the fields every write changes.
    static func stable(_ event: JSONValue) -> JSONValue {
        guard case .object(var members) = event else { return event }
        members["updatedAt"] = nil
        return .object(members)
    }

    static func replacing(_ event: JSONValue, _ changes: [String: JSONValue]) -> JSONValue {
        guard case .object(var members) = stable(event) else { return event }
        members.merge(changes) { _, new in new }
        return .object(members)
    }

    @Test("update changes only the fields given")
    func updateChangesOnlyGivenFields() async throws {
        let cli = try await CLI.withOneOrganization()
        let original = try await cli.addEvent(Self.fullTimedEvent)
        let id = try #require(original["id"]?.stringValue)

        let renamed = try await cli("events", "update", id, "--title", "Winter Potluck", "--json").json()
        #expect(Self.stable(renamed) == Self.replacing(original, ["title": .string("Winter Potluck")]))
        #expect(try await cli("events", "show", id, "--json").json() == renamed)

        let changed = try await cli("events", "update", id, "--stamp-value", "7", "--no-ride-sharing",
                              "--host", "", "--link", "", "--json").json()
        #expect(Self.stable(changed) == Self.replacing(renamed, [
            "stampValue": .int(7), "rideSharing": .bool(false), "host": .string(""), "links": .array([]),
        ]))

        let moved = try await cli("events", "update", id, "--starts", "2026-12-02T17:00", "--ends", "2026-12-02T19:00", "--json").json()
        #expect(Self.stable(moved) == Self.replacing(changed, [
            "starts": .string("2026-12-02T17:00:00-06:00"), "ends": .string("2026-12-02T19:00:00-06:00"),
            // The same times under the store's names, in UTC.
            "startsAt": .string("2026-12-02T23:00:00.000Z"), "endsAt": .string("2026-12-03T01:00:00.000Z"),
        ]))

        // Text mode prints the updated event.
        let text = try await cli("events", "update", id, "--location-name", "Parish Hall")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Parish Hall"))
        #expect(text.stdout.contains("Winter Potluck"))
    }

    @Test("update with the stored values writes nothing")
    func updateWithSameValues() async throws {
        let cli = try await CLI.withOneOrganization()
        let original = try await cli.addEvent(["--title", "Quiet Hour", "--starts", "2026-04-01T08:00", "--latitude", "-33.86", "--longitude", "151.21"])
        let id = try #require(original["id"]?.stringValue)
        #expect(original["latitude"]?.doubleValue == -33.86)
        let same = try await cli("events", "update", id, "--title", "Quiet Hour", "--json").json()
        #expect(same == original)
        #expect(try await cli("events", "show", id, "--json").json()["updatedAt"] == original["updatedAt"])
    }

    @Test("update switches between timed, all-day and untimed, keeping the dates where it can")
    func updateTiming() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addEvent(["--title", "Retreat", "--starts", "2026-03-06T18:00", "--ends", "2026-03-08T12:00"])["id"]?.stringValue)

        let allDay = try await cli("events", "update", id, "--all-day", "--json").json()
        #expect(allDay["timing"]?.stringValue == "all-day")
        #expect(allDay["starts"]?.stringValue == "2026-03-06")
        #expect(allDay["ends"]?.stringValue == "2026-03-08")

        let untimed = try await cli("events", "update", id, "--untimed", "--json").json()
        #expect(untimed["timing"]?.stringValue == "untimed")
        #expect(untimed["starts"]?.isNull == true)

        let timed = try await cli("events", "update", id, "--timed", "--starts", "2026-03-07T10:00", "--json").json()
        #expect(timed["timing"]?.stringValue == "timed")
        #expect(timed["starts"]?.stringValue == "2026-03-07T10:00:00-06:00")
        #expect(timed["ends"]?.stringValue == "2026-03-07T11:00:00-06:00")
        #expect(timed["title"]?.stringValue == "Retreat")
    }

    @Test("update with an invalid value exits 2, names the field and changes nothing")
    func updateRefusesInvalidInput() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addEvent(Self.fullTimedEvent)["id"]?.stringValue)
        let before = try await cli.dump()
        for (arguments, field) in [(["--title", ""], "title"), (["--ends", "2026-11-30T10:00"], "ends"),
                                   (["--contact-email", "ruth@"], "contact-email"), (["--remind-before", "45"], "remind-before")] {
            let result = try await cli.run(["--db", cli.databasePath, "events", "update", id] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.hasPrefix("stewardctl: \(field): "), "\(result.stderr)")
        }
        #expect(try await cli.dump() == before)
    }

    @Test("--remind-before sets the reminder from its list, shows it, and '' takes it away")
    func reminder() async throws {
        let cli = try await CLI.withOneOrganization()
        let added = try await cli.addEvent(["--title", "Choir Practice", "--starts", "2026-12-03T19:00", "--remind-before", "60"])
        let id = try #require(added["id"]?.stringValue)
        #expect(added["remindBefore"] == .string("60"))
        let shown = try await cli("events", "show", id)
        #expect(shown.stdout.contains("1 hour before"), "\(shown.stdout)")
        let none = try await cli("events", "update", id, "--remind-before", "", "--json").json()
        #expect(none["remindBefore"] == .null)
        let refused = try await cli.run(["--db", cli.databasePath, "events", "add", "--title", "Late", "--starts",
                                         "2026-12-03T19:00", "--remind-before", "90"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("remind-before: must be one of 15, 30, 60, 120, 1440, 2880, 10080"), "\(refused.stderr)")
    }

    @Test("remove tombstones the event: list no longer shows it, show and remove then exit 1")
    func remove() async throws {
        let cli = try await CLI.withOneOrganization()
        let keep = try #require(try await cli.addEvent(["--title", "Choir Practice", "--starts", "2026-12-03T19:00"])["id"]?.stringValue)
        let gone = try #require(try await cli.addEvent(["--title", "Bake Sale", "--starts", "2026-12-04T10:00"])["id"]?.stringValue)

        let removed = try await cli("events", "remove", gone)
        #expect(removed.status == 0)
        #expect(removed.stdout.contains("Bake Sale"))
        #expect(removed.stdout.contains(gone))

        let ids = try await cli("events", "list", "--json").json().items.compactMap { $0["id"]?.stringValue }
        #expect(ids == [keep])
        #expect(try await cli("events", "list").stdout.contains("Bake Sale") == false)
        #expect(try await cli("events", "list", "--search", "bake", "--json").json().items.isEmpty)

        let show = try await cli("events", "show", gone)
        #expect(show.status == 1)
        #expect(show.stderrLines.count == 1)
        #expect(show.stderr.contains(gone))
        #expect(try await cli("events", "remove", gone).status == 1)
        #expect(try await cli("events", "update", gone, "--title", "Back").status == 1)
    }

    @Test("list sorts by title, location, start or update, ascending or descending, and limits")
    func listOrderAndLimit() async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli.addEvent(["--title", "Bravo", "--location-name", "Zeta Room", "--starts", "2026-05-02T10:00"])
        try await cli.addEvent(["--title", "alpha", "--location-name", "Yard", "--starts", "2026-05-03T10:00"])
        try await cli.addEvent(["--title", "Charlie", "--location-name", "Annex", "--starts", "2026-05-01T10:00"])

        func titles(_ arguments: String...) async throws -> [String] {
            try await cli.run(["--db", cli.databasePath, "events", "list", "--json"] + arguments)
                .json().items.compactMap { $0["title"]?.stringValue }
        }
        #expect(try await titles() == ["Charlie", "Bravo", "alpha"])
        #expect(try await titles("--descending") == ["alpha", "Bravo", "Charlie"])
        #expect(try await titles("--sort", "title") == ["alpha", "Bravo", "Charlie"])
        #expect(try await titles("--sort", "location") == ["Charlie", "alpha", "Bravo"])
        #expect(try await titles("--sort", "updated", "--descending") == ["Charlie", "alpha", "Bravo"])
        #expect(try await titles("--sort", "title", "--limit", "2") == ["alpha", "Bravo"])
        #expect(try await titles("--limit", "0") == [])

        let text = try await cli.run(["--db", cli.databasePath, "events", "list", "--sort", "title", "--limit", "1"],
                                     environment: CLI.englishDates)
        #expect(text.status == 0)
        #expect(text.stdoutLines.count == 3)  // header, one row, "1 of 3"
        #expect(text.stdoutLines[1].contains("alpha"))
        #expect(text.stdoutLines[1].contains("Sun 3 May 2026, 10:00–11:00"))
    }

    @Test("--org picks the organization; it is required when there are several")
    func organizationChoice() async throws {
        let cli = try await CLI.withOneOrganization()
        try await cli("orgs", "add", "second-org", "--name", "Second", "--time-zone", "Europe/Berlin", "--kind", "library")

        let missing = try await cli("events", "list")
        #expect(missing.status == 2)
        #expect(missing.stderrLines.count == 1)
        #expect(missing.stderr.contains("org"))
        #expect(missing.stderr.contains("second-org"))
        #expect(try await cli("events", "add", "--title", "Nowhere", "--untimed").status == 2)

        let added = try await cli("events", "add", "--org", "second-org", "--title", "Lesekreis",
                            "--starts", "2026-09-01T19:00", "--json").json()
        #expect(added["org"]?.stringValue == "second-org")
        #expect(added["starts"]?.stringValue == "2026-09-01T19:00:00+02:00")
        #expect(try await cli("events", "list", "--org", "test-org", "--json").json().items.isEmpty)
        #expect(try await cli("events", "list", "--org", "second-org", "--json").json().items.count == 1)

        // An event is found only in its own organization.
        let id = try #require(added["id"]?.stringValue)
        #expect(try await cli("events", "show", id, "--org", "test-org").status == 1)
        #expect(try await cli("events", "show", id, "--org", "second-org").status == 0)
    }
}
