import Foundation
import Testing
@testable import StewardCore

/// iCalendar files read into events as series (`EventCalendarImport`), against cases worked out
/// by hand from RFC 5545: a weekly series in a TZID with a cancelled date (EXDATE) and changed
/// ones (RECURRENCE-ID), an all-day event's exclusive DTEND, extra dates (RDATE), zones only
/// the file's VTIMEZONE defines, how UIDs become ids, and what is refused.
@Suite struct EventCalendarImportTests {
    let chicago = TimeZone(identifier: "America/Chicago")!
    let now = DateTimeText.parseUTC("2026-11-01T00:00:00.000Z")!

    func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n" + body.replacingOccurrences(of: "\n", with: "\r\n")
            + "END:VCALENDAR\r\n"
    }

    func read(_ body: String) throws -> EventCalendarFile {
        try EventCalendarImport.read(calendar(body), orgZone: chicago, now: now)
    }

    func strings(_ value: JSONValue?) -> [String] { (value?.arrayValue ?? []).compactMap(\.stringValue) }

    @Test func aWeeklySeriesInATZIDKeepsItsRuleACancelledDateAndItsChangedDates() throws {
        let file = try read("""
            BEGIN:VEVENT
            UID:prayer@example.org
            DTSTART;TZID=America/Chicago:20261021T190000
            DTEND;TZID=America/Chicago:20261021T203000
            RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z
            EXDATE;TZID=America/Chicago:20261223T190000
            SUMMARY:Prayer
            LOCATION:Hall
            DESCRIPTION:Bring a friend
            CATEGORIES:adults,youth
            GEO:41.88;-87.63
            URL:https://example.org/prayer
            END:VEVENT
            BEGIN:VEVENT
            UID:prayer@example.org
            RECURRENCE-ID;TZID=America/Chicago:20261230T190000
            DTSTART;TZID=America/Chicago:20261230T170000
            DTEND;TZID=America/Chicago:20261230T180000
            SUMMARY:Carols
            LOCATION:Hall
            END:VEVENT
            BEGIN:VEVENT
            UID:prayer@example.org
            RECURRENCE-ID:20270107T010000Z
            DTSTART;TZID=America/Chicago:20270106T190000
            DTEND;TZID=America/Chicago:20270106T203000
            SUMMARY:Prayer
            STATUS:CANCELLED
            END:VEVENT

            """)
        #expect(file.problems.isEmpty)
        let event = try #require(file.events.first)
        #expect(file.events.count == 1 && event.uid == "prayer@example.org" && event.number == 1)
        #expect(event.fields["timing"] == .string("timed") && event.fields["timeZone"] == .string("America/Chicago"))
        #expect(event.fields["startsAt"] == .string("2026-10-22T00:00:00.000Z") && event.fields["endsAt"] == .string("2026-10-22T01:30:00.000Z"))
        #expect(event.fields["repeat"] == .string("FREQ=WEEKLY;UNTIL=20270602T235959Z;BYDAY=WE"))
        // The cancelled override, given in UTC, is named by its local start, as EXDATE's date is.
        #expect(strings(event.fields["cancelledOccurrences"]) == ["2026-12-23T19:00", "2027-01-06T19:00"])
        let changed = try #require(event.fields["changedOccurrences"]?.arrayValue)
        #expect(changed.count == 1)
        #expect(changed.first?["occurrence"] == .string("2026-12-30T19:00") && changed.first?["title"] == .string("Carols"))
        #expect(changed.first?["startsAt"] == .string("2026-12-30T23:00:00.000Z") && changed.first?["endsAt"] == .string("2026-12-31T00:00:00.000Z"))
        // Its place is the series': left empty, as the series' own is meant.
        #expect(changed.first?["locationName"] == .string(""))
        #expect(event.fields["title"] == .string("Prayer") && event.fields["locationName"] == .string("Hall")
                && event.fields["description"] == .string("Bring a friend"))
        #expect(strings(event.fields["audience"]) == ["adults", "youth"])
        #expect(event.fields["latitude"] == .double(41.88) && event.fields["longitude"] == .double(-87.63))
        #expect(event.url == "https://example.org/prayer")
        // The kit takes the fields as they are.
        let checked = try RecordType.event.validate(.object(event.fields), orgZone: chicago)
        let details = EventDetails(canonical: checked)
        let dates = try #require(details.repeats.series(timing: details.timing))
            .occurrences(from: DateTimeText.parseUTC("2026-12-20T00:00:00.000Z")!, to: DateTimeText.parseUTC("2027-01-15T00:00:00.000Z")!,
                         zone: chicago).map(\.key)
        #expect(dates == ["2026-12-30T19:00", "2027-01-13T19:00"])
    }

    @Test func anAllDayEventEndsTheDayBeforeItsDTENDAndOneWithoutDTENDIsOneDay() throws {
        let file = try read("""
            BEGIN:VEVENT
            UID:fair@example.org
            DTSTART;VALUE=DATE:20261210
            DTEND;VALUE=DATE:20261212
            SUMMARY:Fair
            END:VEVENT
            BEGIN:VEVENT
            UID:day@example.org
            DTSTART;VALUE=DATE:20261224
            SUMMARY:Eve
            RRULE:FREQ=YEARLY
            EXDATE;VALUE=DATE:20271224
            END:VEVENT

            """)
        #expect(file.problems.isEmpty)
        #expect(file.events.map { $0.fields["timing"] } == [.string("all-day"), .string("all-day")])
        #expect(file.events[0].fields["startDate"] == .string("2026-12-10") && file.events[0].fields["endDate"] == .string("2026-12-11"))
        #expect(file.events[1].fields["startDate"] == .string("2026-12-24") && file.events[1].fields["endDate"] == .string("2026-12-24"))
        #expect(strings(file.events[1].fields["cancelledOccurrences"]) == ["2027-12-24"])
    }

    @Test func extraDatesInAnyZoneAreNamedByTheirLocalStart() throws {
        let file = try read("""
            BEGIN:VEVENT
            UID:talks@example.org
            DTSTART;TZID=America/Chicago:20261105T180000
            RDATE;TZID=America/Chicago:20261112T180000,20261119T180000
            RDATE:20261203T000000Z
            SUMMARY:Talks
            END:VEVENT

            """)
        let event = try #require(file.events.first)
        #expect(event.fields["repeat"] == .string(""))
        #expect(Set(strings(event.fields["extraOccurrences"])) == ["2026-11-12T18:00", "2026-11-19T18:00", "2026-12-02T18:00"])
        // No DTEND: an hour, as the editor gives.
        #expect(event.fields["endsAt"] == .string("2026-11-06T01:00:00.000Z"))
    }

    @Test func aZoneOnlyTheFileDefinesIsTheSystemZoneItNamesOrElseTheOrganizationsAtTheSameInstants() throws {
        let vtimezone = """
            BEGIN:VTIMEZONE
            TZID:{tzid}
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:-0300
            TZOFFSETTO:-0300
            TZNAME:X
            END:STANDARD
            END:VTIMEZONE

            """
        let file = try read(vtimezone.replacingOccurrences(of: "{tzid}", with: "/citadel.org/20070227_1/America/Sao_Paulo")
            + vtimezone.replacingOccurrences(of: "{tzid}", with: "Harbour Standard Time") + """
            BEGIN:VEVENT
            UID:a@example.org
            DTSTART;TZID=/citadel.org/20070227_1/America/Sao_Paulo:20261105T180000
            DTEND;TZID=/citadel.org/20070227_1/America/Sao_Paulo:20261105T190000
            SUMMARY:Named
            END:VEVENT
            BEGIN:VEVENT
            UID:b@example.org
            DTSTART;TZID=Harbour Standard Time:20261105T180000
            DTEND;TZID=Harbour Standard Time:20261105T190000
            RRULE:FREQ=DAILY;COUNT=3
            EXDATE;TZID=Harbour Standard Time:20261106T180000
            SUMMARY:Unnamed
            END:VEVENT

            """)
        #expect(file.problems.isEmpty)
        #expect(file.events[0].fields["timeZone"] == .string("America/Sao_Paulo"))
        #expect(file.events[0].fields["startsAt"] == .string("2026-11-05T21:00:00.000Z"))
        // No name this computer knows: the organization's zone, the same instants (18:00 at
        // -03:00 is 15:00 in Chicago), the cancelled date named in that zone too.
        #expect(file.events[1].fields["timeZone"] == .string("America/Chicago"))
        #expect(file.events[1].fields["startsAt"] == .string("2026-11-05T21:00:00.000Z"))
        #expect(strings(file.events[1].fields["cancelledOccurrences"]) == ["2026-11-06T15:00"])
    }

    @Test func aUIDStewardWroteIsItsEventAndAnyOtherAnIdOfItsOwnPerOrganization() throws {
        let id = UUID()
        let org = UUID(), other = UUID()
        #expect(EventCalendarUID.id(of: EventCalendarExport.uid(id), orgId: org) == id)
        #expect(EventCalendarUID.id(of: id.uuidString.uppercased() + "@STEWARD", orgId: org) == id)
        let named = EventCalendarUID.id(of: "prayer@example.org", orgId: org)
        #expect(named == EventCalendarUID.id(of: "prayer@example.org", orgId: org))
        #expect(named != EventCalendarUID.id(of: "prayer@example.org", orgId: other))
        #expect(named != EventCalendarUID.id(of: "Prayer@example.org", orgId: org))
        #expect(EventCalendarUID.id(of: "not-a-uuid@steward", orgId: org) == EventCalendarUID.named("not-a-uuid@steward", orgId: org))
    }

    @Test func whatCannotBeImportedIsNamedByTheEventsNumberAndUID() throws {
        #expect(throws: EventCalendarImportError.self) { try EventCalendarImport.read("title,starts\nPrayer,2026-10-21", orgZone: chicago) }
        let file = try read("""
            BEGIN:VEVENT
            DTSTART:20261105T180000Z
            SUMMARY:No UID
            END:VEVENT
            BEGIN:VEVENT
            UID:nostart@example.org
            SUMMARY:No start
            END:VEVENT
            BEGIN:VEVENT
            UID:ancient@example.org
            DTSTART:12000101T180000Z
            RRULE:FREQ=DAILY
            SUMMARY:Since 1200
            END:VEVENT
            BEGIN:VEVENT
            UID:zone@example.org
            DTSTART;TZID=Nowhere Standard Time:20261105T180000
            SUMMARY:Unknown zone
            END:VEVENT
            BEGIN:VEVENT
            UID:orphan@example.org
            RECURRENCE-ID:20261105T180000Z
            DTSTART:20261105T190000Z
            SUMMARY:Orphan
            END:VEVENT
            BEGIN:VEVENT
            UID:twice@example.org
            DTSTART:20261105T180000Z
            SUMMARY:One
            END:VEVENT
            BEGIN:VEVENT
            UID:twice@example.org
            DTSTART:20261106T180000Z
            SUMMARY:Two
            END:VEVENT

            """)
        #expect(file.problems.map(\.number) == [1, 2, 3, 4, 7, 5])
        #expect(file.problems[0].text.hasPrefix("event 1 (UID ?): has no UID"))
        #expect(file.problems[1].text.hasPrefix("event 2 (UID nostart@example.org): has no DTSTART"))
        #expect(file.problems[2].text.contains("repeats too often for too long"))
        #expect(file.problems[3].text.contains("\"Nowhere Standard Time\""))
        #expect(file.problems[4].text.contains("has the UID of event 6"))
        #expect(file.problems[5].text.contains("RECURRENCE-ID"))
        #expect(file.events.map(\.uid) == ["twice@example.org"])
    }
}
