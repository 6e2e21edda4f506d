import Foundation
import Testing
@testable import StewardCore

/// What the calendar views read: an organization's occurrences in a range, and which of them
/// clash (one place, overlapping times).
@Suite struct EventCalendarTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    func at(_ text: String) -> Date { DateTimeText.parse(text, zone: chicago)! }

    func timed(_ title: String, _ starts: String, hours: Double = 1, place: String = "Hall") -> EventDetails {
        let start = at(starts)
        return EventDetails(title: title, locationName: place,
                            timing: .timed(start: start, end: start.addingTimeInterval(hours * 3600), timeZone: "America/Chicago"))
    }

    func allDay(_ title: String, _ first: String, _ last: String, place: String = "Hall") -> EventDetails {
        EventDetails(title: title, locationName: place, timing: .allDay(first: LocalDate(iso: first)!, last: LocalDate(iso: last)!))
    }

    func occurrence(_ details: EventDetails, id: UUID = UUID()) -> EventOccurrence {
        Event(id: id, orgId: UUID(), details: details).occurrences(from: .distantPast, to: .distantFuture, zone: chicago)[0]
    }

    /// The table shows a series as one row saying how it repeats: its row carries the rule.
    @Test func aSeriesRowCarriesItsRuleSoTheTableCanSayHowItRepeats() async throws {
        let f = try await Fixture()
        var weekly = timed("Choir practice", "2026-11-04T19:00")
        let rule = try RepeatRule("FREQ=WEEKLY;BYDAY=WE;COUNT=8")
        weekly.repeats = EventRepeats(rule: rule)
        let series = try await f.events.create(weekly, in: f.org)
        let once = try await f.events.create(timed("Advent supper", "2026-12-05T18:00"), in: f.org)
        let rows = try await f.events.rows(for: try await f.events.keys(for: EventQuery(orgId: f.org.id, sort: .title)))
        let seriesRow = try #require(rows.first { $0.id == series.id })
        #expect(seriesRow.repeatRule == rule.text)
        #expect(rows.first { $0.id == once.id }?.repeatRule == "")
        #expect(RepeatSummary.text(try RepeatRule(seriesRow.repeatRule), timing: seriesRow.timing, zone: chicago)
            == "Every Wednesday at 19:00, 8 times")
    }

    @Test func aRangeHasTheSeriesDatesThatStartInItAndNoDeletedOrFinishedEvents() async throws {
        let f = try await Fixture()
        var weekly = timed("Choir practice", "2026-11-04T19:00")
        weekly.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY;BYDAY=WE"), cancelled: ["2026-12-09T19:00"],
                                      changed: [ChangedOccurrence(occurrence: "2026-12-16T19:00",
                                                                  timing: timed("", "2026-12-17T18:00").timing)])
        let series = try await f.events.create(weekly, in: f.org)
        _ = try await f.events.create(timed("Advent supper", "2026-12-05T18:00"), in: f.org)
        _ = try await f.events.create(timed("Harvest supper", "2026-11-20T18:00"), in: f.org)
        _ = try await f.events.create(timed("New year", "2027-01-01T10:00"), in: f.org)
        let gone = try await f.events.create(timed("Cancelled fair", "2026-12-12T10:00"), in: f.org)
        try await f.events.delete(gone.id, in: f.org)
        _ = try await f.events.create(allDay("Christmas", "2026-12-25", "2026-12-26"), in: f.org)

        let found = try await f.events.occurrences(in: f.org, from: at("2026-12-01T00:00"), to: at("2027-01-01T00:00"))
        #expect(found.map(\.title) == ["Choir practice", "Advent supper", "Choir practice", "Choir practice",
                                       "Christmas", "Choir practice"])
        #expect(found.filter { $0.eventId == series.id }.map(\.occurrence)
            == ["2026-12-02T19:00", "2026-12-16T19:00", "2026-12-23T19:00", "2026-12-30T19:00"])
        let moved = try #require(found.first { $0.occurrence == "2026-12-16T19:00" })
        #expect(moved.isChanged)
        #expect(moved.span(zone: chicago)?.start == at("2026-12-17T18:00"))
    }

    @Test func onePlaceAtOverlappingTimesClashesWhateverTheCaseAndSpaces() {
        let choir = occurrence(timed("Choir practice", "2026-12-02T19:00", hours: 1.5, place: "Hall"))
        let council = occurrence(timed("Council", "2026-12-02T20:00", place: "  hall "))
        let later = occurrence(timed("Bingo", "2026-12-02T20:30", place: "Hall"))
        let elsewhere = occurrence(timed("Vestry", "2026-12-02T19:00", place: "Chapel"))
        let nowhere = [occurrence(timed("Call", "2026-12-02T19:00", place: "")), occurrence(timed("Call 2", "2026-12-02T19:00", place: " "))]
        #expect(EventClashes.clash(choir, council, zone: chicago))
        #expect(!EventClashes.clash(choir, later, zone: chicago), "one ends as the other starts")
        #expect(EventClashes.clash(council, later, zone: chicago))
        #expect(!EventClashes.clash(choir, elsewhere, zone: chicago))
        #expect(!EventClashes.clash(nowhere[0], nowhere[1], zone: chicago), "no place never clashes")

        let found = EventClashes.find(in: [choir, council, later, elsewhere] + nowhere, zone: chicago)
        #expect(found[choir.reference]?.map(\.title) == ["Council"])
        #expect(found[council.reference]?.map(\.title) == ["Choir practice", "Bingo"])
        #expect(found[later.reference]?.map(\.title) == ["Council"])
        #expect(found[elsewhere.reference] == nil)
        #expect(found[nowhere[0].reference] == nil)
    }

    @Test func allDayOccurrencesClashByTheirDaysInTheOrganizationsZone() {
        let fair = occurrence(allDay("Fair", "2026-12-05", "2026-12-06"))
        // 23:30 on the 6th in Chicago is the 7th in UTC: still the fair's last day here.
        let lateOnTheSixth = occurrence(timed("Clean-up", "2026-12-06T23:30"))
        let onTheSeventh = occurrence(timed("Mass", "2026-12-07T00:00"))
        let dayBefore = occurrence(allDay("Set-up", "2026-12-04", "2026-12-04"))
        #expect(EventClashes.clash(fair, lateOnTheSixth, zone: chicago))
        #expect(!EventClashes.clash(fair, onTheSeventh, zone: chicago))
        #expect(!EventClashes.clash(fair, dayBefore, zone: chicago))
        #expect(EventClashes.clash(fair, occurrence(allDay("Market", "2026-12-06", "2026-12-08")), zone: chicago))
    }

    @Test func aSeriesDoesNotClashWithItselfButItsDatesClashWithOthers() throws {
        var daily = timed("Retreat", "2026-12-01T09:00", hours: 30)
        daily.repeats = EventRepeats(rule: try RepeatRule("FREQ=DAILY;COUNT=3"))
        let dates = Event(orgId: UUID(), details: daily).occurrences(from: at("2026-11-01T00:00"), to: at("2027-01-01T00:00"), zone: chicago)
        #expect(dates.count == 3)
        let talk = occurrence(timed("Talk", "2026-12-03T10:00"))
        let found = EventClashes.find(in: dates + [talk], zone: chicago)
        #expect(found[dates[0].reference] == nil, "its own next date overlaps, but that is one booking")
        #expect(found[talk.reference]?.map(\.occurrence) == ["2026-12-02T09:00", "2026-12-03T09:00"])
        #expect(EventClashes.clashes(of: [talk], with: dates, zone: chicago).count == 2)
    }

    @Test func amongTwoThousandOccurrencesInAMonthOnlyTheOneDoubleBookingIsFound() {
        var all: [EventOccurrence] = []
        for index in 0..<2_000 {
            // Day, hour and room repeat together only every 8,400: none of these share all three.
            all.append(occurrence(timed("Event \(index)", String(format: "2026-12-%02dT%02d:00", 1 + index % 28, 8 + index % 12),
                                        place: "Room \(index % 400)")))
        }
        let double = occurrence(timed("Double booking", "2026-12-06T13:30", place: "room 5"))
        let found = EventClashes.find(in: all + [double], zone: chicago)
        #expect(Set(found.keys) == [all[5].reference, double.reference])
        #expect(EventOccurrence.ordered(all + [double], zone: chicago).first?.span(zone: chicago)?.start == at("2026-12-01T08:00"))
    }
}

/// The events page opens on today: upcoming events first, soonest first, then past ones.
@Suite struct UpcomingOrderTests {
    @Test func theUpcomingOrderPutsWhatIsToComeFirstAndWhatIsOverAfterLatestFirst() async throws {
        let f = try await Fixture()
        let now = Date()
        func timed(_ title: String, days: Double, hours: Double = 2) -> EventDetails {
            let start = now.addingTimeInterval(days * 86_400).rounded()
            return EventDetails(title: title, timing: .timed(start: start, end: start.addingTimeInterval(hours * 3600), timeZone: "UTC"))
        }
        for details in [timed("Last year", days: -365), timed("Tomorrow", days: 1), timed("Yesterday", days: -1),
                        timed("Next month", days: 30), timed("On now", days: -0.02, hours: 3),
                        EventDetails(title: "Mural walk", timing: .untimed)] {
            _ = try await f.events.create(details, in: f.org)
        }
        var weekly = timed("Weekly since spring", days: -200)
        weekly.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY"))
        _ = try await f.events.create(weekly, in: f.org)

        func titles(_ sort: EventSortKey, ascending: Bool = true) async throws -> [String] {
            let keys = try await f.events.keys(for: EventQuery(orgId: f.org.id, sort: sort, ascending: ascending))
            let rows = try await f.events.rows(for: keys)
            let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.title) })
            return keys.compactMap { byKey[$0] }
        }
        #expect(try await titles(.upcoming) == ["Mural walk", "Weekly since spring", "On now", "Tomorrow", "Next month",
                                                "Yesterday", "Last year"])
        // The plain order by start is still there for the column's other direction and the command line.
        #expect(try await titles(.starts, ascending: false) == ["Next month", "Tomorrow", "On now", "Yesterday",
                                                                "Weekly since spring", "Last year", "Mural walk"])
    }
}

private extension Date {
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded()) }
}
