import Foundation
import GRDB
import StewardCore
import Testing

/// `stewardctl events import --ics`: events found again by UID, so a second import changes
/// nothing (and sends nothing), a changed file changes the same events; --dry-run and a
/// refusal write nothing; and Steward's own export read back gives the same calendar.
@Suite("stewardctl events import")
struct EventImportCommandTests {
    static let weekly = """
        BEGIN:VEVENT
        UID:prayer@example.org
        DTSTART;TZID=America/Chicago:20261021T190000
        DTEND;TZID=America/Chicago:20261021T203000
        RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=10
        EXDATE;TZID=America/Chicago:20261104T190000
        SUMMARY:Prayer
        LOCATION:Hall
        URL:https://example.org/prayer
        END:VEVENT
        BEGIN:VEVENT
        UID:prayer@example.org
        RECURRENCE-ID;TZID=America/Chicago:20261111T190000
        DTSTART;TZID=America/Chicago:20261111T180000
        DTEND;TZID=America/Chicago:20261111T190000
        SUMMARY:Prayer and supper
        END:VEVENT

        """
    static let fair = """
        BEGIN:VEVENT
        UID:fair@example.org
        DTSTART;VALUE=DATE:20261210
        DTEND;VALUE=DATE:20261212
        SUMMARY:Fair
        CATEGORIES:families
        END:VEVENT

        """

    func write(_ body: String, _ cli: CLI, name: String = "events.ics") throws -> String {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n" + body.replacingOccurrences(of: "\n", with: "\r\n")
            + "END:VCALENDAR\r\n"
        let path = cli.folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func outboxCount(_ cli: CLI) async throws -> Int {
        let database = try AppDatabase.open(path: cli.databasePath)
        return try await database.writer.read { db in try Outbox.pendingCount(db) }
    }

    func ids(_ items: JSONValue?) -> [String] { (items?.arrayValue ?? []).compactMap { $0["id"]?.stringValue } }

    @Test("import adds the file's events as series; again changes nothing and sends nothing; a changed file changes the same events")
    func importAgainAndChanged() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try write(Self.weekly + Self.fair, cli)

        let preview = try await cli("events", "import", "--ics", path, "--dry-run", "--json").json()
        #expect(ids(preview["added"]).count == 2 && preview["written"] == .bool(false))
        #expect(try await cli("events", "list", "--json").json().items.isEmpty)
        #expect(try await outboxCount(cli) == 0)

        let first = try await cli("events", "import", "--ics", path, "--json").json()
        #expect(first["written"] == .bool(true))
        let added = ids(first["added"])
        #expect(added.count == 2)
        #expect(Set(try await cli("events", "list", "--json").json().items.compactMap { $0["id"]?.stringValue }) == Set(added))
        let prayer = try await cli("events", "show", added[0], "--json").json()
        #expect(prayer["title"] == .string("Prayer") && prayer["repeat"] == .string("FREQ=WEEKLY;COUNT=10;BYDAY=WE"))
        #expect(prayer["cancelledOccurrences"] == .array([.string("2026-11-04T19:00")]))
        #expect(prayer["changedOccurrences"]?.arrayValue?.first?["title"] == .string("Prayer and supper"))
        #expect(prayer["links"]?.arrayValue?.first?["url"] == .string("https://example.org/prayer"))
        let fair = try await cli("events", "show", added[1], "--json").json()
        #expect(fair["startDate"] == .string("2026-12-10") && fair["endDate"] == .string("2026-12-11"))
        #expect(fair["audience"] == .array([.string("families")]))
        // Its dates as a series, not copies: the cancelled one left out, the changed one at 18:00.
        let dates = try await cli("events", "occurrences", added[0], "--from", "2026-10-01", "--to", "2026-11-19", "--json").json()
        #expect(dates.items.compactMap { $0["occurrence"]?.stringValue }
                == ["2026-10-21T19:00", "2026-10-28T19:00", "2026-11-11T19:00", "2026-11-18T19:00"])
        #expect(dates.items[2]["startsAt"] == .string("2026-11-12T00:00:00.000Z"))
        let sent = try await outboxCount(cli)
        #expect(sent == 2)

        let again = try await cli("events", "import", "--ics", path, "--json").json()
        #expect(ids(again["unchanged"]) == added && ids(again["added"]).isEmpty && ids(again["changed"]).isEmpty)
        #expect(again["written"] == .bool(false))
        #expect(try await outboxCount(cli) == sent)
        let text = try await cli("events", "import", "--ics", path)
        #expect(text.stdout.contains("0 added, 0 changed, 2 unchanged."), "\(text.stdout)")

        // The host, which a calendar does not carry, is kept through a changed import.
        #expect(try await cli("events", "update", added[0], "--host", "Pastor Ann").status == 0)
        let changedPath = try write(Self.weekly.replacingOccurrences(of: "SUMMARY:Prayer\n", with: "SUMMARY:Evening Prayer\n")
            .replacingOccurrences(of: "EXDATE;TZID=America/Chicago:20261104T190000", with: "EXDATE;TZID=America/Chicago:20261104T190000,20261125T190000")
            + Self.fair, cli, name: "changed.ics")
        let dry = try await cli("events", "import", "--ics", changedPath, "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("To change:") && dry.stdout.contains("cancelledOccurrences, title"), "\(dry.stdout)")
        #expect(dry.stdout.contains("0 to add, 1 to change, 1 unchanged; nothing was written (--dry-run)."), "\(dry.stdout)")
        #expect(try await cli("events", "show", added[0], "--json").json()["title"] == .string("Prayer"))
        let changed = try await cli("events", "import", "--ics", changedPath, "--json").json()
        #expect(ids(changed["changed"]) == [added[0]] && ids(changed["unchanged"]) == [added[1]])
        let updated = try await cli("events", "show", added[0], "--json").json()
        #expect(updated["title"] == .string("Evening Prayer") && updated["host"] == .string("Pastor Ann"))
        #expect(updated["cancelledOccurrences"] == .array([.string("2026-11-04T19:00"), .string("2026-11-25T19:00")]))
        #expect(try await cli("events", "list", "--json").json().items.count == 2)
    }

    @Test("a file with events that cannot be imported writes nothing, names each by number and UID, and exits 2")
    func refused() async throws {
        let cli = try await CLI.withOneOrganization()
        let path = try write(Self.fair + """
            BEGIN:VEVENT
            UID:hourly@example.org
            DTSTART:20261105T180000Z
            RRULE:FREQ=HOURLY;COUNT=3
            SUMMARY:Every hour
            END:VEVENT
            BEGIN:VEVENT
            UID:nostart@example.org
            SUMMARY:No start
            END:VEVENT

            """, cli)
        let refused = try await cli("events", "import", "--ics", path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("nothing was imported: 2 events cannot be imported"), "\(refused.stderr)")
        #expect(refused.stderr.contains("event 2 (UID hourly@example.org): repeat: must repeat daily"), "\(refused.stderr)")
        #expect(refused.stderr.contains("event 3 (UID nostart@example.org): has no DTSTART"), "\(refused.stderr)")
        let json = try await cli("events", "import", "--ics", path, "--json")
        #expect(json.status == 2)
        let answer = try JSONValue.parse(json.stdout)
        #expect((answer["refused"]?.arrayValue ?? []).compactMap { $0["uid"]?.stringValue } == ["hourly@example.org", "nostart@example.org"])
        #expect(answer["written"] == .bool(false))
        #expect(try await cli("events", "list", "--json").json().items.isEmpty)
        #expect(try await outboxCount(cli) == 0)

        let csv = cli.folder.appendingPathComponent("events.csv").path
        try Data("title,starts\nPrayer,2026-10-21\n".utf8).write(to: URL(fileURLWithPath: csv))
        let notCalendar = try await cli("events", "import", "--ics", csv)
        #expect(notCalendar.status == 2)
        #expect(notCalendar.stderr.contains("ics: ") && notCalendar.stderr.contains("not an iCalendar file"), "\(notCalendar.stderr)")
    }

    @Test("export, import into another database, export again: the same calendar apart from DTSTAMP and LAST-MODIFIED")
    func roundTrip() async throws {
        let cli = try await CLI.withOneOrganization()
        let weekly = try #require(try await cli("events", "add", "--title", "Prayer", "--starts", "2026-10-21T19:00", "--ends", "2026-10-21T20:30",
                                                "--repeat", "FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z", "--location-name", "Hall",
                                                "--address", "1 Main St", "--link", "https://example.org/p", "--audience", "adults")
            .stdoutLines.first)
        #expect(try await cli("events", "remove", weekly, "--occurrence", "2026-12-23T19:00").status == 0)
        #expect(try await cli("events", "update", weekly, "--occurrence", "2026-12-30T19:00", "--title", "Carols",
                              "--starts", "2026-12-30T17:00", "--ends", "2026-12-30T18:00").status == 0)
        #expect(try await cli("events", "update", weekly, "--occurrence", "2027-01-06T19:00", "--description", "In the chapel").status == 0)
        #expect(try await cli("events", "add", "--title", "Fair", "--all-day", "--starts", "2026-10-10", "--ends", "2026-10-11",
                              "--repeat", "FREQ=MONTHLY;BYMONTHDAY=10;COUNT=8").status == 0)
        #expect(try await cli("events", "add", "--title", "Net", "--starts", "2026-11-02T12:00Z", "--time-zone", "UTC",
                              "--repeat", "FREQ=DAILY;COUNT=5", "--latitude", "41.5", "--longitude", "-87.25").status == 0)
        #expect(try await cli("events", "add", "--title", "Talk", "--starts", "2026-11-05T18:00", "--time-zone", "Europe/Paris").status == 0)
        let first = cli.folder.appendingPathComponent("first.ics").path
        #expect(try await cli("events", "export", "--ics", first).status == 0)

        let other = try await CLI.withOneOrganization()
        let imported = try await other("events", "import", "--ics", first, "--json").json()
        #expect(ids(imported["added"]).count == 4)
        #expect(ids(imported["added"]).contains(weekly))
        let second = other.folder.appendingPathComponent("second.ics").path
        #expect(try await other("events", "export", "--ics", second).status == 0)
        func lines(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
                .filter { !$0.hasPrefix("DTSTAMP:") && !$0.hasPrefix("LAST-MODIFIED:") }
        }
        #expect(try lines(second) == lines(first))
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("LOCATION:Hall\\, 1 Main St"))

        // Read back into the database it came from, nothing changes: the place's name and its
        // address, and the links, are as they were.
        let home = try await cli("events", "import", "--ics", first, "--json").json()
        #expect(ids(home["unchanged"]).count == 4 && ids(home["changed"]).isEmpty)
        let show = try await cli("events", "show", weekly, "--json").json()
        #expect(show["locationName"] == .string("Hall") && show["address"] == .string("1 Main St"))
    }
}
