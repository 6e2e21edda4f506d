import Foundation
import Testing
@testable import StewardCore

/// A search for a date lists the events on then, a series by its occurrences, with the
/// search's other words as text.
@Suite struct EventDateSearchTests {
    @Test func aDateSearchKeepsTheEventsOnThenInListOrder() async throws {
        let f = try await Fixture()
        _ = try await f.events.create(.timed("Worship", starts: "2026-12-06T10:30", ends: "2026-12-06T11:45"), in: f.org)
        _ = try await f.events.create(.timed("Worship", starts: "2026-11-29T10:30", ends: "2026-11-29T11:45"), in: f.org)
        _ = try await f.events.create(.timed("Advent Fair", starts: "2026-12-04T17:00", ends: "2026-12-06T18:00"), in: f.org)
        _ = try await f.events.create(.timed("Carols", starts: "2027-12-20T19:00", ends: "2027-12-20T20:00"), in: f.org)
        var choir = EventForm.timed("Choir Practice", starts: "2026-09-02T19:00", ends: "2026-09-02T20:30")
        choir.repeatRule = "FREQ=WEEKLY;BYDAY=WE"
        _ = try await f.events.create(choir, in: f.org)
        var summer = EventForm.timed("Summer Camp", starts: "2026-07-01T09:00", ends: "2026-07-01T16:00")
        summer.repeatRule = "FREQ=DAILY;COUNT=5"
        _ = try await f.events.create(summer, in: f.org)

        let zone = f.org.timeZone
        func titles(_ text: String) async throws -> [String] {
            let read = DateSearchParser.parse(text, today: LocalDate(year: 2026, month: 11, day: 28))
            let query = EventQuery(orgId: f.org.id, search: read?.text ?? text, sort: .starts,
                                   dates: read?.span.interval(in: zone))
            let rows = try await f.events.rows(for: try await f.events.keys(for: query))
            let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.title) })
            return try await f.events.keys(for: query).map { byKey[$0]! }
        }
        // December: the series (a Wednesday in it), the fair, the 6th's worship; not next year's carols.
        #expect(try await titles("december") == ["Choir Practice", "Advent Fair", "Worship"])
        #expect(try await titles("worship december") == ["Worship"])
        #expect(try await titles("tomorrow") == ["Worship"])
        // The fair runs over the weekend: its Saturday finds it.
        #expect(try await titles("5 dec") == ["Advent Fair"])
        #expect(try await titles("diciembre 2027") == ["Choir Practice", "Carols"])
        // A series over before the date is not on then.
        #expect(try await titles("next week").contains("Summer Camp") == false)
        #expect(try await titles("1/7/2026") == ["Summer Camp"])
        // A long exhibition is on every day of it; an event added later is found by the same date.
        _ = try await f.events.create(.timed("Quilt Exhibition", starts: "2026-10-01T09:00", ends: "2026-12-15T17:00"), in: f.org)
        #expect(try await titles("quilt 10 dec") == ["Quilt Exhibition"])
        #expect(try await titles("quilt 16 dec") == [])
        _ = try await f.events.create(.timed("Nativity Rehearsal", starts: "2026-12-05T15:00", ends: "2026-12-05T16:00"), in: f.org)
        #expect(try await titles("5 dec") == ["Quilt Exhibition", "Advent Fair", "Nativity Rehearsal"])
        // Without a date the search is as before.
        #expect(try await titles("worship").count == 2)
        // Over by 1 December: the 29 November worship, not the series nor what is to come.
        let over = try await f.events.keysOver(orgId: f.org.id, now: DateTimeText.parse("2026-12-01T00:00:00Z", zone: .gmt)!)
        let overRows = try await f.events.rows(for: Array(over))
        #expect(overRows.map(\.title) == ["Worship"])
        #expect(overRows.first?.timing.sortStart(orgZone: zone) == DateTimeText.parse("2026-11-29T10:30", zone: zone))
    }
}
