import Foundation
import Testing
@testable import StewardCore

/// Repeat rules expanded against cases worked out by hand from RFC 5545: in the series' own
/// zone across daylight-saving changes both ways, the fifth weekday of a month, leap days,
/// an UNTIL in UTC against a local start, and the exceptions (cancelled, extra, moved).
@Suite struct SeriesExpansionTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    func at(_ text: String, _ zone: TimeZone? = nil) -> Date {
        DateTimeText.parse(text, zone: zone ?? chicago)!
    }

    func weekly(_ rule: String, from start: String, hours: Double = 2) throws -> Series {
        let first = at(start)
        return Series(timing: .timed(start: first, end: first.addingTimeInterval(hours * 3600), timeZone: "America/Chicago"),
                      rule: try RepeatRule(rule))
    }

    func utc(_ occurrences: [Series.Occurrence]) -> [String] {
        occurrences.map { DateTimeText.utc($0.start) }
    }

    @Test func nineteenHundredStaysNineteenHundredAcrossBothDaylightSavingChanges() throws {
        // Chicago: CDT (-5) until 1 Nov 2026, CST (-6) until 14 Mar 2027, CDT again.
        let series = try weekly("FREQ=WEEKLY;BYDAY=WE", from: "2026-10-21T19:00")
        let found = series.occurrences(from: at("2026-10-01T00:00"), to: at("2027-03-25T00:00"), zone: chicago)
        #expect(found.count == 23)
        #expect(found.map(\.key).allSatisfy { $0.hasSuffix("T19:00") })
        #expect(utc(Array(found.prefix(3))) == ["2026-10-22T00:00:00.000Z", "2026-10-29T00:00:00.000Z", "2026-11-05T01:00:00.000Z"])
        #expect(utc(Array(found.suffix(3))) == ["2027-03-11T01:00:00.000Z", "2027-03-18T00:00:00.000Z", "2027-03-25T00:00:00.000Z"])
        // Each keeps its length: two hours, the night the clocks change included.
        #expect(found.allSatisfy { $0.end.timeIntervalSince($0.start) == 7200 })
    }

    @Test func aStartInTheSkippedHourIsReadWithTheOffsetBeforeTheGap() throws {
        // 02:30 does not exist on 14 Mar 2027 in Chicago: RFC 5545 reads it as 02:30 CST, 03:30 CDT.
        let series = try weekly("FREQ=DAILY;COUNT=3", from: "2027-03-13T02:30", hours: 1)
        #expect(utc(series.occurrences(from: at("2027-03-01T00:00"), to: at("2027-04-01T00:00"), zone: chicago))
                == ["2027-03-13T08:30:00.000Z", "2027-03-14T08:30:00.000Z", "2027-03-15T07:30:00.000Z"])
    }

    @Test func theFifthWednesdayComesOnlyInMonthsThatHaveOne() throws {
        let series = try weekly("FREQ=MONTHLY;BYDAY=5WE", from: "2026-09-30T18:00")
        let found = series.occurrences(from: at("2026-09-01T00:00"), to: at("2027-07-01T00:00"), zone: chicago)
        #expect(found.map { String($0.key.prefix(10)) } == ["2026-09-30", "2026-12-30", "2027-03-31", "2027-06-30"])
    }

    @Test func aLeapDayComesEveryFourYearsAndNotIn2100() throws {
        let first = LocalDate(iso: "2028-02-29")!
        let series = Series(timing: .allDay(first: first, last: first), rule: try RepeatRule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"))
        let found = series.occurrences(from: at("2028-01-01T00:00"), to: at("2105-01-01T00:00"), zone: chicago)
        #expect(found.count == 19)
        #expect(found.map(\.key).prefix(3) == ["2028-02-29", "2032-02-29", "2036-02-29"])
        #expect(!found.map(\.key).contains("2100-02-29"))
        #expect(found.last?.key == "2104-02-29")
        #expect(found.allSatisfy { if case .allDay(let a, let b) = $0.timing { a == b } else { false } })
    }

    @Test func anUntilInUTCIsComparedWithEachOccurrencesUTCStart() throws {
        // 19:00 CDT on Wednesday 2 June 2027 is 00:00Z on 3 June: after UNTIL, so not in the series.
        let series = try weekly("FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z", from: "2027-05-12T19:00")
        let found = series.occurrences(from: at("2027-05-01T00:00"), to: at("2027-07-01T00:00"), zone: chicago)
        #expect(found.map(\.key) == ["2027-05-12T19:00", "2027-05-19T19:00", "2027-05-26T19:00"])
        // At 17:00 local (22:00Z) the same UNTIL keeps 2 June.
        let earlier = try weekly("FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z", from: "2027-05-12T17:00")
        #expect(earlier.occurrences(from: at("2027-05-01T00:00"), to: at("2027-07-01T00:00"), zone: chicago).last?.key
                == "2027-06-02T17:00")
    }

    @Test func cancelledExtraAndMovedOccurrencesChangeTheSetByTheirOriginalStart() throws {
        var series = try weekly("FREQ=WEEKLY;BYDAY=WE;COUNT=4", from: "2026-12-02T19:00")
        series.cancelled = ["2026-12-09T19:00"]
        series.extra = ["2026-12-12T10:00"]
        let moved = at("2026-12-17T18:30")
        series.moved = ["2026-12-16T19:00": .timed(start: moved, end: moved.addingTimeInterval(3600), timeZone: "America/Chicago")]
        let found = series.occurrences(from: at("2026-12-01T00:00"), to: at("2027-01-01T00:00"), zone: chicago)
        #expect(found.map(\.key) == ["2026-12-02T19:00", "2026-12-12T10:00", "2026-12-17T18:30", "2026-12-23T19:00"].map {
            $0 == "2026-12-17T18:30" ? "2026-12-16T19:00" : $0
        })
        let movedOne = try #require(found.first { $0.isMoved })
        #expect(movedOne.start == moved && movedOne.end == moved.addingTimeInterval(3600))
        // The window is read by where an occurrence is now: the moved one is in a window of its new day only.
        #expect(series.occurrences(from: at("2026-12-16T00:00"), to: at("2026-12-17T00:00"), zone: chicago).isEmpty)
    }

    @Test func aRuleIsKeptInLibicalsOwnFormAndWhatIsNoRuleIsRefused() throws {
        #expect(try RepeatRule("RRULE:FREQ=WEEKLY; BYDAY=WE;INTERVAL=1").text == "FREQ=WEEKLY;BYDAY=WE")
        #expect(try RepeatRule("FREQ=MONTHLY;BYDAY=1SU;COUNT=12").text == "FREQ=MONTHLY;COUNT=12;BYDAY=1SU")
        for bad in ["", "FREQ=SOMETIMES", "every week", "FREQ=HOURLY", "FREQ=WEEKLY;COUNT=3;UNTIL=20270101T000000Z",
                    "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;COUNT=20000"] {
            #expect(throws: ValidationError.self, "\(bad)") { try RepeatRule(bad) }
        }
    }
}
