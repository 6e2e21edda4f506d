import Foundation
import StewardCore
import Testing

/// Events keep their own commands, but their JSON also carries every field under the store's
/// names, and `--input` reads that shape back.
@Suite("stewardctl events under the store's names")
struct EventStoreNamesTests {
    @Test("show --json and list --json carry the store's names beside the keys printed before")
    func storeNamesBesideOlderKeys() async throws {
        let cli = try await CLI.withOneOrganization()
        let id = try #require(try await cli.addEvent([
            "--title", "Choir", "--starts", "2026-12-01T18:00", "--location", "Choir Loft",
            "--contact-name", "Diane Foster", "--contact-email", "diane@example.org", "--contact-phone", "+1 555 010 0199",
        ])["id"]?.stringValue)
        let event = try await cli("events", "show", id, "--json").json()
        // The keys scripts already read are all still there…
        #expect(event["starts"]?.stringValue == "2026-12-01T18:00:00-06:00")
        #expect(event["ends"]?.stringValue == "2026-12-01T19:00:00-06:00")
        #expect(event["location"]?.stringValue == "Choir Loft")
        #expect(event["contact"]?["email"]?.stringValue == "diane@example.org")
        #expect(event["org"]?.stringValue == "test-org")
        // …and every field is also under the store's name.
        #expect(event["startsAt"]?.stringValue == "2026-12-02T00:00:00.000Z")
        #expect(event["endsAt"]?.stringValue == "2026-12-02T01:00:00.000Z")
        #expect(event["startDate"] == .null)
        #expect(event["endDate"] == .null)
        #expect(event["locationName"]?.stringValue == "Choir Loft")
        #expect(event["contactName"]?.stringValue == "Diane Foster")
        #expect(event["contactEmail"]?.stringValue == "diane@example.org")
        #expect(event["contactPhone"]?.stringValue == "+1 555 010 0199")
        for field in RecordType.event.fields {
            #expect(event[field.name] != nil, "\(field.name) missing")
        }
        #expect(try await cli("events", "list", "--json").json().items == [event])
    }

    @Test("an all-day event has startDate and endDate")
    func allDayStoreNames() async throws {
        let cli = try await CLI.withOneOrganization()
        let event = try await cli.addEvent(["--title", "Retreat", "--all-day", "--starts", "2027-01-15", "--ends", "2027-01-16"])
        #expect(event["startDate"]?.stringValue == "2027-01-15")
        #expect(event["endDate"]?.stringValue == "2027-01-16")
        #expect(event["startsAt"] == .null)
        #expect(event["starts"]?.stringValue == "2027-01-15")
    }

    @Test("add --input takes the store's names from a file; options override it")
    func addFromFile() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try cli.inputFile("""
            {"title": "Harvest Potluck", "timing": "timed", "startsAt": "2026-12-01T23:00:00Z", "endsAt": "2026-12-02T01:00:00Z",
             "locationName": "Fellowship Hall", "contactEmail": "ruth@example.org", "audience": ["families"],
             "links": [{"label": "Sign up", "url": "https://example.org/signup"}], "stampValue": 2, "rideSharing": true}
            """)
        let event = try await cli("events", "add", "--input", path, "--host", "Hospitality Team", "--json").json()
        #expect(event["title"]?.stringValue == "Harvest Potluck")
        #expect(event["startsAt"]?.stringValue == "2026-12-01T23:00:00.000Z")
        #expect(event["endsAt"]?.stringValue == "2026-12-02T01:00:00.000Z")
        #expect(event["locationName"]?.stringValue == "Fellowship Hall")
        #expect(event["contactEmail"]?.stringValue == "ruth@example.org")
        #expect(event["audience"] == .array([.string("families")]))
        #expect(event["links"] == .array([.object(["label": .string("Sign up"), "url": .string("https://example.org/signup")])]))
        #expect(event["stampValue"] == .int(2))
        #expect(event["rideSharing"] == .bool(true))
        #expect(event["host"]?.stringValue == "Hospitality Team")
    }

    @Test("what show --json prints goes back through update --input - unchanged, and an edit in it applies")
    func showEditGiveBack() async throws {
        let cli = try await CLI.withOneOrganization()
        let event = try await cli.addEvent(["--title", "Choir", "--starts", "2026-12-01T18:00", "--location", "Choir Loft"])
        let id = try #require(event["id"]?.stringValue)
        let shown = try await cli("events", "show", id, "--json").stdout
        let same = try await cli.run(["--db", cli.databasePath, "events", "update", id, "--input", "-", "--json"], input: shown).json()
        #expect(same == event, "nothing changed, so nothing was written")

        guard case .object(var object) = try JSONValue.parse(shown) else {
            Issue.record("show --json is not an object: \(shown)")
            return
        }
        object["locationName"] = .string("Sanctuary")
        object["location"] = nil
        let moved = try await cli.run(["--db", cli.databasePath, "events", "update", id, "--input", "-", "--json"],
                                input: JSONValue.object(object).canonicalText).json()
        #expect(moved["location"]?.stringValue == "Sanctuary")
        #expect(moved["starts"] == event["starts"])
    }

    @Test("--input refuses a key that is no field, and two names for a field that disagree", arguments: [
        (#"{"title": "X", "colour": "green"}"#, "colour"),
        (#"{"title": "X", "location": "Hall", "locationName": "Loft"}"#, "location-name"),
        (#"{"title": "X", "starts": "2026-12-01T18:00:00-06:00", "startsAt": "2026-12-01T18:00:00Z"}"#, "starts-at"),
        (#"{"title": "X", "timing": "sometimes"}"#, "timing"),
    ])
    func refusedInput(_ text: String, _ field: String) async throws {
        let cli = try await CLI.withOneOrganization()
        let before = try await cli.dump()
        let result = try await cli("events", "add", "--input", cli.inputFile(text))
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("stewardctl: \(field): "), "\(result.stderr)")
        #expect(try await cli.dump() == before)
    }
}
