import Foundation
import Testing
@testable import StewardCore

/// The organization's own calendars (`eventCalendar`) and an event's `calendar`: a colour off
/// the palette is refused naming the colours, an event naming a calendar keeps it on the wire,
/// in the console's table and back, and an event without one travels as before.
@Suite struct CalendarGroupTests {
    static func calendar(_ name: String, colour: String) -> JSONValue {
        .object(["name": .string(name), "colour": .string(colour)])
    }

    @Test func aColourOffThePaletteIsRefusedNamingThePalette() throws {
        let error = #expect(throws: ValidationError.self) {
            try RecordType.eventCalendar.validate(Self.calendar("Youth", colour: "pink"), orgZone: .gmt)
        }
        let issue = try #require(error?.issues.first { $0.field == "colour" }, "\(String(describing: error))")
        #expect(issue.message.contains("blue, green, yellow, orange, red, purple, brown") && issue.message.contains("pink"),
                "\(issue.message)")
    }

    @Test func aPaletteColourPassesAndReadsByItsName() throws {
        let fields = try RecordType.eventCalendar.validate(Self.calendar("Youth", colour: "green"), orgZone: .gmt)
        #expect(fields["colour"] == .string("green"))
        let field = try #require(RecordType.eventCalendar.field("colour"))
        #expect(field.displayText(.string("orange"), zone: .gmt) == "Orange")
    }

    @Test func aNameIsRequired() throws {
        let error = #expect(throws: ValidationError.self) {
            try RecordType.eventCalendar.validate(Self.calendar("  ", colour: "blue"), orgZone: .gmt)
        }
        #expect(error?.issues.map(\.field) == ["name"])
    }

    @Test func membersReadThemWholeAndTheEventsPageHoldsThem() {
        #expect(RecordTypes.named("eventCalendar")?.commandName == "calendars")
        #expect(RecordType.eventCalendar.module == .events)
        if case .wholeList = RecordType.eventCalendar.memberReads {} else { Issue.record("calendars are not read whole") }
    }

    @Test func anEventNamingACalendarRoundTrips() async throws {
        let f = try await Fixture()
        let youth = try await RecordService(database: f.database).create(.eventCalendar, fields: Self.calendar("Youth", colour: "green"), in: f.org)
        var form = EventForm.timed("Youth Night")
        form.calendar = youth.key.uppercased()
        let event = try await f.events.create(form, in: f.org)
        // Kept lower-case, as every reference is.
        #expect(event.details.calendar == youth.key)
        #expect(event.details.syncFields["calendar"] == .string(youth.key))
        let stored = try #require(try await f.events.event(id: event.id))
        #expect(stored.details.calendar == youth.key)
        #expect(try EventDetails(syncFields: stored.details.syncFields) == stored.details)
        #expect(EventForm(stored.details, organizationZone: f.org.timeZone).calendar == youth.key)
        let (december, january) = (DateTimeText.parseUTC("2026-12-01T00:00")!, DateTimeText.parseUTC("2027-01-01T00:00")!)
        #expect(try await f.events.calendarMarks(in: f.org, from: december, to: january)
                == [event.id: CalendarMark(name: "Youth", colour: .green)])
        // Only the period's events are read.
        #expect(try await f.events.calendarMarks(in: f.org, from: january, to: january.addingTimeInterval(86_400 * 31)).isEmpty)

        form.calendar = ""
        let cleared = try await f.events.update(event.id, with: form, in: f.org)
        #expect(try await f.events.event(id: cleared.id)?.details.calendar == "")
        #expect(try await f.events.calendarMarks(in: f.org, from: december, to: january).isEmpty)
    }

    @Test func anEventWithoutACalendarTravelsAsBefore() throws {
        let details = try EventForm.timed("Choir").validate(organizationZone: .gmt)
        #expect(details.syncFields["calendar"] == nil)
        let canonical = try RecordType.event.validate(details.syncFields, orgZone: .gmt)
        #expect(canonical["calendar"] == nil, "the record is as it was before calendars")
    }

    @Test func anEventNamingNoCalendarOfTheOrganizationIsRefused() async throws {
        let f = try await Fixture()
        var form = EventForm.timed("Youth Night")
        form.calendar = UUID().uuidString
        let error = await #expect(throws: ValidationError.self) { try await f.events.create(form, in: f.org) }
        #expect(error?.issues.map(\.field) == ["calendar"], "\(String(describing: error))")
        #expect(try await f.eventCount() == 0)
        form.calendar = "youth"
        let malformed = #expect(throws: ValidationError.self) { try form.validate(organizationZone: .gmt) }
        #expect(malformed?.issues.map(\.field) == ["calendar"])
    }

    @Test func theCalendarViewsReadOneCalendarsOccurrences() async throws {
        let f = try await Fixture()
        let records = RecordService(database: f.database)
        let youth = try await records.create(.eventCalendar, fields: Self.calendar("Youth", colour: "green"), in: f.org)
        let outreach = try await records.create(.eventCalendar, fields: Self.calendar("Outreach", colour: "orange"), in: f.org)
        for (title, calendar) in [("Youth Night", youth.key), ("Pantry", outreach.key), ("Choir", "")] {
            var form = EventForm.timed(title)
            form.calendar = calendar
            _ = try await f.events.create(form, in: f.org)
        }
        let (from, to) = (DateTimeText.parseUTC("2026-12-01T00:00")!, DateTimeText.parseUTC("2026-12-31T00:00")!)
        #expect(try await f.events.occurrences(in: f.org, from: from, to: to).map(\.title).sorted() == ["Choir", "Pantry", "Youth Night"])
        #expect(try await f.events.occurrences(in: f.org, from: from, to: to, calendar: youth.id).map(\.title) == ["Youth Night"])
        #expect(try await f.events.occurrences(in: f.org, from: from, to: to, calendar: outreach.id).map(\.title) == ["Pantry"])
    }

    @Test func twoCalendarsOfAnOrganizationDoNotShareAName() async throws {
        let f = try await Fixture()
        let records = RecordService(database: f.database)
        let youth = try await records.create(.eventCalendar, fields: Self.calendar("Youth", colour: "green"), in: f.org)
        let error = await #expect(throws: ValidationError.self) {
            try await records.create(.eventCalendar, fields: Self.calendar("Youth", colour: "red"), in: f.org)
        }
        let message = error?.message(for: "name") ?? ""
        #expect(message.contains("already called “Youth”"), "\(String(describing: error))")
        // Saving it again under its own name is no clash; another organization has its own names.
        _ = try await records.update(.eventCalendar, id: youth.id, changes: ["colour": .string("blue")], in: f.org)
        let other = try await OrganizationService(database: f.database).add(slug: "riverton", name: "Riverton", timeZone: "UTC", kind: .church)
        _ = try await records.create(.eventCalendar, fields: Self.calendar("Youth", colour: "green"), in: other)
        #expect(try await records.list(.eventCalendar, in: f.org).count == 1)
    }

    @Test func aCalendarInUseIsNotDeleted() async throws {
        let f = try await Fixture()
        let records = RecordService(database: f.database)
        let youth = try await records.create(.eventCalendar, fields: Self.calendar("Youth", colour: "green"), in: f.org)
        var form = EventForm.timed("Youth Night")
        form.calendar = youth.key
        _ = try await f.events.create(form, in: f.org)
        await #expect(throws: RecordServiceError.self) { try await records.delete(.eventCalendar, id: youth.id, in: f.org) }
    }
}
