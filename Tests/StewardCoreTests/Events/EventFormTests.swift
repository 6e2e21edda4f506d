import Foundation
import Testing
@testable import StewardCore

@Suite struct EventFormTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    @Test func timedEventIsLocalToTheOrganization() throws {
        let details = try EventForm.timed("Sunday Worship").validate(organizationZone: chicago)
        guard case .timed(let start, let end, let zone) = details.timing else {
            Issue.record("expected a timed event"); return
        }
        #expect(zone == "America/Chicago")
        // 10:30 in Chicago in December is 16:30 UTC.
        #expect(DateTimeText.utc(start) == "2026-12-06T16:30:00.000Z")
        #expect(end.timeIntervalSince(start) == 75 * 60)
    }

    @Test func anExplicitOffsetWins() throws {
        let details = try EventForm.timed("Call", starts: "2026-12-06T10:30+01:00", ends: "2026-12-06T11:00Z")
            .validate(organizationZone: chicago)
        guard case .timed(let start, let end, _) = details.timing else { Issue.record("not timed"); return }
        #expect(DateTimeText.utc(start) == "2026-12-06T09:30:00.000Z")
        #expect(DateTimeText.utc(end) == "2026-12-06T11:00:00.000Z")
    }

    @Test func emptyEndMeansOneHour() throws {
        let details = try EventForm.timed("Coffee", ends: "").validate(organizationZone: chicago)
        guard case .timed(let start, let end, _) = details.timing else { Issue.record("not timed"); return }
        #expect(end.timeIntervalSince(start) == 3600)
    }

    @Test func everyProblemIsReportedAtOnceAndNamesItsField() {
        var form = EventForm.timed("", starts: "2026-12-06T10:30", ends: "2026-12-06T09:00")
        form.contactEmail = "office at grace"
        form.imageURL = "ftp://example.org/a.png"
        form.stampValue = "250"
        form.latitude = "41.9"
        form.links = "Register | not a link"
        form.contactPhone = "call us"
        do {
            _ = try form.validate(organizationZone: chicago)
            Issue.record("validation should fail")
        } catch {
            let fields = Set(error.issues.map(\.field))
            #expect(fields == [EventField.title, EventField.ends, EventField.contactEmail, EventField.imageURL,
                               EventField.stampValue, EventField.longitude, EventField.links, EventField.contactPhone])
            #expect(error.message(for: EventField.title) == "is required")
            #expect(error.message(for: EventField.ends)?.contains("must be after the start") == true)
            #expect(error.description.hasPrefix("title: is required"))
        }
    }

    @Test func allDayEventsSpanWholeDays() throws {
        var form = EventForm()
        form.title = "Festival of Lights"
        form.timingKind = .allDay
        form.starts = "2026-12-11"
        form.ends = "2026-12-12"
        let details = try form.validate(organizationZone: chicago)
        #expect(details.timing == .allDay(first: LocalDate(year: 2026, month: 12, day: 11),
                                          last: LocalDate(year: 2026, month: 12, day: 12)))
        form.ends = "2026-12-10"
        #expect(throws: ValidationError.self) { try form.validate(organizationZone: chicago) }
        form.ends = "2026-02-30"
        #expect(throws: ValidationError.self) { try form.validate(organizationZone: chicago) }
    }

    @Test func untimedEventsTakeNoTimes() throws {
        var form = EventForm()
        form.title = "Mural Walk"
        form.timingKind = .untimed
        #expect(try form.validate(organizationZone: chicago).timing == .untimed)
        form.starts = "2026-12-11T10:00"
        #expect(throws: ValidationError.self) { try form.validate(organizationZone: chicago) }
    }

    @Test func linksTagsAndContactAreCleanedUp() throws {
        var form = EventForm.timed("Retreat")
        form.links = "Register | https://example.org/r\n\nhttps://example.org/packing"
        form.audience = " Students, families,students "
        form.contactEmail = " office@grace.example.org "
        form.contactPhone = "+1 (312) 555-0142"
        form.latitude = "41.947"
        form.longitude = "-87.6665"
        form.stampValue = "3"
        let details = try form.validate(organizationZone: chicago)
        #expect(details.links == [EventLink(label: "Register", url: "https://example.org/r"),
                                  EventLink(label: "https://example.org/packing", url: "https://example.org/packing")])
        #expect(details.audience == ["students", "families"])
        #expect(details.contact.email == "office@grace.example.org")
        #expect(details.coordinate == Coordinate(latitude: 41.947, longitude: -87.6665))
        #expect(details.stampValue == 3)
    }

    @Test func aFormRebuiltFromDetailsValidatesToTheSameDetails() throws {
        var form = EventForm.timed("Retreat", starts: "2026-03-08T01:30", ends: "2026-03-08T04:00")
        form.links = "Register | https://example.org/r"
        form.audience = "students"
        form.timeZone = "Europe/Paris"
        let details = try form.validate(organizationZone: chicago)
        let again = try EventForm(details, organizationZone: chicago).validate(organizationZone: chicago)
        #expect(again == details)
    }

    @Test func dateTimeTextRefusesNonsense() {
        for text in ["2026-13-01T10:00", "2026-12-01T24:00", "2026-12-01", "tomorrow", "2026-12-01T10:00+25:00", "2026-12-01X10:00"] {
            #expect(DateTimeText.parse(text, zone: chicago) == nil, "\(text) should not parse")
        }
        #expect(DateTimeText.parse("2026-12-01 10:00", zone: chicago) != nil)
        #expect(DateTimeText.parse("2026-12-01T10:00:30", zone: chicago) != nil)
    }
}
