import Foundation
import Testing
@testable import StewardCore
import Translation

/// What the editor builds from a declaration besides one row a field: headed sections, lists
/// typed a line an item, and a timing typed as a kind, a start, an end and a zone.
@Suite struct EditorLayoutTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    @Test func everyFieldOfTheEventsIsInOneOfTheirSectionsInDeclaredOrder() {
        let sections = RecordType.event.editorSections
        // The changed dates are a list, a section of their own after the declared ones.
        #expect(sections.map(\.title) == ["Basics", "When", "Where", "Details", "Contact", nil])
        #expect(sections[5].fields.map(\.name) == ["changedOccurrences"])
        let placed = sections.flatMap(\.fields).map(\.name)
        #expect(placed.sorted() == RecordType.event.fields.map(\.name).sorted())
        #expect(sections[1].fields.map(\.name) == ["timing", "repeat", "cancelledOccurrences", "extraOccurrences"])
    }

    @Test func aSeriesExceptionsWaitForTheRepeatAndEndTheirSections() {
        let waiting = RecordType.event.editorLayout.shownOnceFilled
        #expect(waiting == ["cancelledOccurrences": "repeat", "extraOccurrences": "repeat", "changedOccurrences": "repeat"])
        // The editor adds a waiting field's rows to the end of its section when they are built,
        // so in each section the waiting fields come after every other one.
        for section in RecordType.event.editorSections {
            let waits = section.fields.map { waiting[$0.name] != nil }
            #expect(waits == waits.sorted { !$0 && $1 }, "\(section.title ?? "untitled")")
        }
    }

    @Test func aFieldNoSectionNamesIsShownInAnUntitledLastOne() {
        let type = RecordType.fund.editedInSections([.init(trLater("Basics"), ["name"])])
        let sections = type.editorSections
        #expect(sections.count == 2)
        #expect(sections[0].fields.map(\.name) == ["name"])
        #expect(sections[1].title == nil)
        #expect(sections[1].fields.map(\.name) == RecordType.fund.fields.map(\.name).filter { $0 != "name" })
        // A type that declares none has one untitled section of every field.
        #expect(RecordType.fund.editorSections.count == 1 && RecordType.fund.editorSections[0].title == nil)
    }

    @Test func linksTypedAsLinesBecomeTheListsItemsAndReadBackTheSame() throws {
        let field = try #require(RecordType.event.field("links"))
        let lines = try #require(RecordType.event.editorLayout.linesByField["links"])
        let typed = "Menu | https://example.org/menu\n\n  https://example.org/map  \nA | b | https://example.org/x"
        let items = try lines.items(from: typed, of: field)
        #expect(items == .array([
            .object(["label": .string("Menu"), "url": .string("https://example.org/menu")]),
            .object(["label": .string(""), "url": .string("https://example.org/map")]),
            .object(["label": .string("A | b"), "url": .string("https://example.org/x")]),
        ]))
        let stored = JSONValue.array([
            .object(["label": .string("Menu"), "url": .string("https://example.org/menu")]),
            .object(["label": .string("https://example.org/map"), "url": .string("https://example.org/map")]),
        ])
        #expect(lines.text(of: stored) == "Menu | https://example.org/menu\nhttps://example.org/map")
    }

    @Test func aLineThatIsNoLinkIsRefusedAsTypedUnderTheFieldsReportedName() throws {
        let field = try #require(RecordType.event.field("links"))
        let lines = try #require(RecordType.event.editorLayout.linesByField["links"])
        for line in ["Menu | not a link", "Menu |", "ftp://example.org/file"] {
            #expect {
                _ = try lines.items(from: "https://example.org/ok\n\(line)", of: field)
            } throws: { error in
                guard let error = error as? ValidationError else { return false }
                return error.issues.map(\.field) == ["link"] && error.issues[0].message.contains("\"\(line)\" is not a link")
            }
        }
    }

    @Test func aStoredTimingReadsBackAsTypedAndTypedKeysValidateToTheSameTiming() throws {
        let stored = try RecordType.event.validate(.object([
            "title": .string("Supper"), "timing": .string("timed"),
            "startsAt": .string("2026-12-06T18:00"), "endsAt": .string("2026-12-06T20:30"), "timeZone": .string(""),
        ]), orgZone: chicago)
        let typed = TimingField.Typed(TimingField.value(in: stored), organizationZone: chicago)
        #expect(typed == TimingField.Typed(kind: .timed, starts: "2026-12-06T18:00", ends: "2026-12-06T20:30", zone: ""))
        var again = typed.keys
        again["title"] = .string("Supper")
        #expect(try RecordType.event.validate(.object(again), orgZone: chicago) == stored)

        // Another zone than the organization's is named; an empty end is left out, so it
        // takes an hour; all-day times are dates.
        let elsewhere = TimingField.Typed(kind: .timed, starts: "2026-12-06 18:00", zone: "Europe/Madrid")
        #expect(elsewhere.keys["endsAt"] == nil && elsewhere.keys["timeZone"] == .string("Europe/Madrid"))
        let allDay = TimingField.Typed(kind: .allDay, starts: "2026-12-06", ends: "2026-12-07")
        #expect(allDay.keys["startDate"] == .string("2026-12-06") && allDay.keys["startsAt"] == nil)
    }
}
