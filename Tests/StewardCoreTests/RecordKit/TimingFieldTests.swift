import Foundation
import Testing
@testable import StewardCore
import Translation

/// The timing kind: one field people think of (timed, all-day or ongoing) kept as the six flat
/// keys records have always carried, checked with the events' rules and named by its parts.
@Suite struct TimingFieldTests {
    let chicago = TimeZone(identifier: "America/Chicago")!
    static let limits = TimingLimits(defaultDuration: 3600, longestTimed: 366 * 86_400, longestAllDaySpan: 365)
    static let fields = [
        FieldSpec("title", trLater("Title"), .text(maxLength: 200), [.required], help: trLater("The title.")),
        FieldSpec("timing", trLater("Timing"), .timing(limits), help: trLater("When it happens.")),
    ]
    static let type = RecordType(entity: "outing", commandName: "outings", module: .events,
                                 nouns: RecordNouns(trLater("outing"), trLater("outings"), title: trLater("Outing"),
                                                    pluralTitle: trLater("Outings"), counted: { _, count in count }),
                                 fields: fields, titleField: "title")

    func check(_ keys: [String: JSONValue]) throws(ValidationError) -> JSONValue {
        try Self.type.validate(.object(["title": .string("Walk")].merging(keys) { $1 }), orgZone: chicago)
    }

    func refusal(_ keys: [String: JSONValue]) -> [String: String] {
        do {
            _ = try check(keys)
            return [:]
        } catch {
            return Dictionary(error.issues.map { ($0.field, $0.message) }) { first, _ in first }
        }
    }

    @Test func aTimedValueIsTypedInItsZoneKeptInUTCAndEndsAnHourLaterWhenNoEndIsGiven() throws {
        let fields = try check(["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30")])
        #expect(fields["timing"] == .string("timed"))
        #expect(fields["startsAt"] == .string("2026-12-06T16:30:00.000Z"))
        #expect(fields["endsAt"] == .string("2026-12-06T17:30:00.000Z"))
        #expect(fields["timeZone"] == .string("America/Chicago"))
        #expect(fields["startDate"] == .null && fields["endDate"] == .null)

        let named = try check(["timing": .string("timed"), "startsAt": .string("2026-06-10T09:00"),
                               "endsAt": .string("2026-06-10T10:00"), "timeZone": .string("Europe/Paris")])
        #expect(named["startsAt"] == .string("2026-06-10T07:00:00.000Z"))
        #expect(named["timeZone"] == .string("Europe/Paris"))
    }

    @Test func anAllDayValueEndsOnItsFirstDayUnlessToldAndAnOngoingOneHasNoTimes() throws {
        let day = try check(["timing": .string("all-day"), "startDate": .string("2026-12-11")])
        #expect(day["startDate"] == .string("2026-12-11") && day["endDate"] == .string("2026-12-11"))
        #expect(day["startsAt"] == .null && day["timeZone"] == .null)

        let ongoing = try check(["timing": .string("untimed")])
        for key in TimingField.keys.dropFirst() { #expect(ongoing[key] == .null, "\(key)") }
    }

    @Test("what does not hold together is refused under the part people type", arguments: [
        (["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30"), "endsAt": .string("2026-12-06T09:00")], "ends", "must be after the start"),
        (["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30"), "endsAt": .string("2027-12-08T10:00")], "ends", "within a year"),
        (["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30"), "endsAt": .string("")], "ends", "is required"),
        (["timing": .string("timed"), "startsAt": .string("soon")], "starts", "must be a date and time"),
        (["timing": .string("timed")], "starts", "is required"),
        (["timing": .string("timed"), "startsAt": .int(5)], "starts", "must be text"),
        (["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30"), "timeZone": .string("Mars/Olympus")], "time-zone", "time zone name"),
        (["timing": .string("all-day"), "startDate": .string("2026-12-06"), "endDate": .string("2026-12-05")], "ends", "on or after the first day"),
        (["timing": .string("all-day"), "startDate": .string("2026-12-06"), "endDate": .string("2028-01-05")], "ends", "within a year"),
        (["timing": .string("untimed"), "startsAt": .string("2026-12-06T10:30")], "starts", "must be empty for an untimed event"),
        (["timing": .string("sometimes")], "timing", "must be one of timed, all-day, untimed"),
        ([:], "timing", "must be one of timed, all-day, untimed"),
    ] as [([String: JSONValue], String, String)])
    func refused(_ keys: [String: JSONValue], part: String, message: String) {
        let issues = refusal(keys)
        #expect(issues.keys.sorted() == [part], "\(issues)")
        #expect(issues[part]?.contains(message) == true, "\(issues)")
    }

    @Test func itsKeysAreTheRecordsOwnAndNoOthers() {
        #expect(refusal(["timing": .string("untimed"), "startsAt": .null]).isEmpty)
        #expect(refusal(["timing": .string("untimed"), "starts": .string("x")]).keys.sorted() == ["starts"])
        #expect(Self.type.wireFields.map(\.name) == ["title"] + TimingField.keys)
    }

    @Test func itReadsAsTheEventsTimeDoes() throws {
        let field = try #require(Self.type.field("timing"))
        let timed = try check(["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30"),
                               "endsAt": .string("2026-12-06T12:00")])
        #expect(field.kind.displayText(field.value(in: timed), zone: chicago) == "Sun 6 Dec 2026, 10:30–12:00")
        let ongoing = try check(["timing": .string("untimed")])
        #expect(field.kind.displayText(field.value(in: ongoing), zone: chicago) == "Ongoing")
        #expect(field.kind.displayText(.object(TimingField.values(of: .untimed)), zone: chicago) == "Ongoing")
    }

    @Test func aConflictShowsTheTimingAsOneRowAndAMergeTakesItWhole() throws {
        let mine = try check(["timing": .string("timed"), "startsAt": .string("2026-12-06T10:30")])
        let theirs = try check(["timing": .string("all-day"), "startDate": .string("2026-12-07"), "title": .string("Hike")])
        let rows = Self.type.conflicts.fields(mine: mine, theirs: theirs, zone: chicago)
        #expect(rows.map(\.key) == ["title", "timing"])
        let timing = try #require(rows.last)
        #expect(timing.differs && timing.mine == "Sun 6 Dec 2026, 10:30–11:30" && timing.theirs == "Mon 7 Dec 2026 · all day")

        let merged = try Self.type.conflicts.merge(mine: mine, theirs: theirs, choices: ["timing": .mine],
                                                   type: Self.type, zone: chicago)
        #expect(merged["title"] == .string("Hike"))
        #expect(merged["timing"] == .string("timed") && merged["startsAt"] == mine["startsAt"] && merged["startDate"] == .null)
    }
}
