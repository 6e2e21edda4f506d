import Foundation
import Testing
@testable import StewardCore

/// Events are declared once: their timing is the kit's timing field and the form checks typed
/// text against the declaration's limits, not copies of them.
@Suite struct EventDeclarationTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    @Test func theTimingIsOneFieldKeptAsTheSixKeysRecordsCarry() throws {
        let timing = try #require(RecordType.event.field("timing"))
        guard case .timing(let limits) = timing.kind else {
            Issue.record("timing is declared as \(timing.kind.valueName), not a timing")
            return
        }
        #expect(limits.defaultDuration == 3600 && limits.longestAllDaySpan == 365)
        for key in ["startsAt", "endsAt", "startDate", "endDate", "timeZone"] {
            #expect(RecordType.event.field(key) == nil, "\(key) is a loose field")
            #expect(RecordType.event.wireField(key) != nil, "\(key) is not one of the record's keys")
        }
        #expect(Array(RecordType.event.wireFields.map(\.name)[6...11]) == TimingField.keys)
    }

    @Test func theFormsLimitsAreTheDeclarations() throws {
        guard case .text(let titleLength)? = RecordType.event.field("title")?.kind,
              case .list(_, let links)? = RecordType.event.field("links")?.kind,
              case .integer(let stamps)? = RecordType.event.field("stampValue")?.kind else {
            Issue.record("the declaration changed its kinds")
            return
        }
        #expect(EventForm.maxTitleLength == titleLength && EventForm.maxLinks == links)
        #expect(EventForm.stampRange == Int(stamps.lowerBound)...Int(stamps.upperBound))

        var form = EventForm.timed(String(repeating: "a", count: titleLength + 1))
        form.address = String(repeating: "b", count: RecordType.event.maxLength("address") + 1)
        let error = #expect(throws: ValidationError.self) { try form.validate(organizationZone: chicago) }
        #expect(Set(error?.issues.map(\.field) ?? []) == [EventField.title, EventField.address])
    }

    @Test func theFormsTimingIsTheKitsTimingField() throws {
        var form = EventForm.timed("Choir", starts: "2026-12-06T10:30", ends: "")
        form.timeZone = "Mars/Olympus"
        let error = #expect(throws: ValidationError.self) { try form.validate(organizationZone: chicago) }
        #expect(error?.issues.map(\.field) == [TimingField.Part.timeZone])

        form.timeZone = ""
        let details = try form.validate(organizationZone: chicago)
        var issues = IssueCollector()
        let keys = try #require(TimingField.parse(["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30")],
                                                  limits: RecordType.event.timingLimits("timing"), zone: chicago,
                                                  issues: &issues))
        #expect(TimingField.timing(of: .object(keys)) == details.timing)
    }

    @Test func theNamesValidationReportsAreTheDeclarationsOptionNamesAndTimingParts() {
        let options = Set(RecordType.event.fields.map(\.optionName))
        for name in [EventField.title, EventField.locationName, EventField.imageURL, EventField.contactEmail,
                     EventField.stampValue, EventField.rideSharing] {
            #expect(options.contains(name), "\(name)")
        }
        #expect([EventField.timing, EventField.starts, EventField.ends, EventField.timeZone] == TimingField.Part.all)
        #expect(EventField.rideSharing == "ride-sharing" && EventField.locationName == "location-name")
    }

    @Test("events are validated by the kit alone: the declaration's fields and rules, no hand-written reader")
    func theKitValidatesEvents() throws {
        #expect(RecordType.event.customValidation == nil)
        let read = try RecordType.event.validate(.object([
            "title": .string(" Fair "), "timing": .string("untimed"), "colour": .string("red"),
            "links": .array([.object(["url": .string("https://fair.example")])]),
            "audience": .array([.string("Youth")]), "contactPhone": .string("+1 312 555 0142"),
        ]), orgZone: chicago)
        #expect(read == EventDetails(title: "Fair", timing: .untimed, links: [EventLink(label: "https://fair.example", url: "https://fair.example")],
                                     contact: Contact(phone: "+1 312 555 0142"), audience: ["youth"]).syncFields)

        let lonely = #expect(throws: ValidationError.self) {
            try RecordType.event.validate(.object(["title": .string("Fair"), "timing": .string("untimed"),
                                                   "latitude": .double(41.9)]), orgZone: chicago)
        }
        #expect(lonely?.issues == [ValidationIssue(field: EventField.longitude, message: "is needed when a latitude is given (or clear both)")])
    }

    @Test("an event's conflict rows come from its declaration, its timing shown and merged part by part")
    func conflictsComeFromTheDeclaration() throws {
        #expect(RecordType.event.conflicts is FieldConflicts)
        #expect(RecordType.event.conflicts.keys == ["title", "description", "location-name", "address", "latitude", "longitude",
                                                    "timing", "starts", "ends", "time-zone", "image-url", "link", "host",
                                                    "contact-name", "contact-email", "contact-phone", "audience",
                                                    "stamp-value", "ride-sharing", "remind-before", "calendar", "campus", "ministry", "repeat", "cancelled-occurrences",
                                                    "extra-occurrences", "changed-occurrences"])
        let mine = EventDetails(title: "Choir", timing: .allDay(first: LocalDate(year: 2026, month: 12, day: 6),
                                                                last: LocalDate(year: 2026, month: 12, day: 7))).syncFields
        let theirs = EventDetails(title: "Choir", timing: .allDay(first: LocalDate(year: 2026, month: 12, day: 5),
                                                                  last: LocalDate(year: 2026, month: 12, day: 7))).syncFields
        let rows = Dictionary(uniqueKeysWithValues: RecordType.event.conflicts.fields(mine: mine, theirs: theirs, zone: chicago).map { ($0.key, $0) })
        #expect(rows["starts"]?.differs == true && rows["ends"]?.differs == false && rows["timing"]?.mine == "All day")
        let merged = try RecordType.event.conflicts.merge(mine: mine, theirs: theirs, choices: ["starts": .mine],
                                                          type: .event, zone: chicago)
        #expect(merged == mine)
    }
}
