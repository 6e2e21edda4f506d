import Foundation
import Testing
@testable import StewardCore

/// An event's series fields: left out of events that happen once (their records travel as
/// before), kept and read back for a series, and checked against its timing.
@Suite struct EventSeriesFieldsTests {
    let chicago = TimeZone(identifier: "America/Chicago")!
    let base: [String: JSONValue] = ["title": .string("Prayer"), "timing": .string("timed"),
                                     "startsAt": .string("2026-12-02T19:00"), "endsAt": .string("2026-12-02T20:00")]

    func check(_ extra: [String: JSONValue]) throws(ValidationError) -> JSONValue {
        try RecordType.event.validate(.object(base.merging(extra) { $1 }), orgZone: chicago)
    }

    func refusal(_ extra: [String: JSONValue]) -> [String] {
        do {
            _ = try check(extra)
            return []
        } catch {
            return error.issues.map { "\($0.field): \($0.message)" }
        }
    }

    @Test func anEventThatHappensOnceCarriesNoSeriesKeys() throws {
        let fields = try check(["repeat": .string(""), "cancelledOccurrences": .array([])])
        for key in EventRepeats.fieldNames { #expect(fields[key] == nil, "\(key)") }
        #expect(EventDetails(canonical: fields).syncFields == fields)
    }

    @Test func aSeriesKeepsItsRuleAndExceptionsThroughTheTableAndTheWire() throws {
        let fields = try check([
            "repeat": .string("FREQ=WEEKLY;BYDAY=WE"),
            "cancelledOccurrences": .array([.string("2026-12-09T19:00")]),
            "changedOccurrences": .array([.object(["occurrence": .string("2026-12-16T19:00"), "title": .string("Carols"),
                                                   "startsAt": .string("2026-12-16T18:00"), "endsAt": .string("2026-12-16T19:30")])]),
        ])
        let details = EventDetails(canonical: fields)
        #expect(details.repeats.rule?.text == "FREQ=WEEKLY;BYDAY=WE")
        #expect(details.repeats.cancelled == ["2026-12-09T19:00"])
        #expect(details.syncFields == fields)
        let event = Event(orgId: UUID(), details: details)
        let occurrences = event.occurrences(from: DateTimeText.parse("2026-12-01T00:00", zone: chicago)!,
                                            to: DateTimeText.parse("2026-12-24T00:00", zone: chicago)!, zone: chicago)
        #expect(occurrences.map(\.occurrence) == ["2026-12-02T19:00", "2026-12-16T19:00", "2026-12-23T19:00"])
        #expect(occurrences[1].title == "Carols" && occurrences[1].isChanged)
        #expect(occurrences[1].timing == .timed(start: DateTimeText.parse("2026-12-16T18:00", zone: chicago)!,
                                                end: DateTimeText.parse("2026-12-16T19:30", zone: chicago)!, timeZone: "America/Chicago"))
        #expect(occurrences[2].title == "Prayer" && !occurrences[2].isChanged)
    }

    @Test func exceptionsMustNameOccurrencesOfTheTimingsKindAndBelongToASeries() {
        #expect(refusal(["repeat": .string("FREQ=WEEKLY"), "cancelledOccurrences": .array([.string("2026-12-09")])])
                == ["cancelled-occurrences: must name occurrences by their local start, like 2026-12-02T19:00 (got \"2026-12-09\")"])
        #expect(refusal(["cancelledOccurrences": .array([.string("2026-12-09T19:00")])])
                == ["cancelled-occurrences: are only for a repeating event; give it a repeat rule or clear them"])
        #expect(refusal(["repeat": .string("FREQ=WEEKLY"), "changedOccurrences": .array([
            .object(["occurrence": .string("2026-12-16T19:00"), "startsAt": .string("2026-12-16T18:00")]),
        ])]) == ["changed-occurrences: item 1: give both its new start and its new end, or neither to keep the series' time"])
        #expect(refusal(["timing": .string("untimed"), "startsAt": .null, "endsAt": .null, "repeat": .string("FREQ=DAILY")])
                == ["repeat: needs a start: an ongoing event cannot repeat (make it timed or all day)"])
        #expect(refusal(["cancelledOccurrences": .array([.string("next week")])]).first?.hasPrefix("cancelled-occurrences: item 1 must be") == true)
    }
}
