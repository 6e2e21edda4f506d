import Foundation
import Testing
@testable import StewardCore

/// How an event's time reads: the end repeats only what differs from the start.
@Suite struct EventTimingTextTests {
    let zone = TimeZone(identifier: "America/New_York")!

    func instant(_ text: String) -> Date {
        DateTimeText.parse(text, zone: zone)!
    }

    @Test func anEventWithinADayNamesTheDayOnce() {
        let timing = EventTiming.timed(start: instant("2026-12-06T10:30"), end: instant("2026-12-06T12:00"),
                                       timeZone: zone.identifier)
        #expect(EventTimingText.describe(timing, orgZone: zone) == "Sun 6 Dec 2026, 10:30–12:00")
    }

    @Test func anEventOverDaysOfOneYearNamesTheYearOnce() {
        let timing = EventTiming.timed(start: instant("2026-12-12T18:00"), end: instant("2026-12-31T20:00"),
                                       timeZone: zone.identifier)
        #expect(EventTimingText.describe(timing, orgZone: zone) == "Sat 12 Dec 2026, 18:00–Thu 31 Dec, 20:00")
    }

    @Test func anEventIntoTheNextYearNamesBothYears() {
        let timing = EventTiming.timed(start: instant("2026-12-31T21:00"), end: instant("2027-01-01T01:00"),
                                       timeZone: zone.identifier)
        #expect(EventTimingText.describe(timing, orgZone: zone) == "Thu 31 Dec 2026, 21:00–Fri 1 Jan 2027, 01:00")
    }
}
