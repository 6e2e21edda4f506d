import Foundation
import Testing
import Translation
@testable import StewardCore

/// The days each calendar view shows, and where its occurrences go in them.
@Suite struct CalendarPeriodTests {
    let chicago = TimeZone(identifier: "America/Chicago")!
    let december = LocalDate(year: 2026, month: 12, day: 16)

    func at(_ text: String) -> Date { DateTimeText.parse(text, zone: chicago)! }

    func occurrence(_ title: String, _ starts: String, hours: Double = 1, place: String = "Hall") -> EventOccurrence {
        let start = at(starts)
        let details = EventDetails(title: title, locationName: place,
                                   timing: .timed(start: start, end: start.addingTimeInterval(hours * 3600), timeZone: "America/Chicago"))
        return Event(orgId: UUID(), details: details).occurrences(from: .distantPast, to: .distantFuture, zone: chicago)[0]
    }

    @Test func aMonthFillsWholeWeeksFromTheLocalesFirstWeekday() {
        // December 2026 begins on a Tuesday and ends on a Thursday.
        let sunday = CalendarPeriod(view: .month, anchor: december, firstWeekday: 0)
        #expect(sunday.days.first == LocalDate(year: 2026, month: 11, day: 29))
        #expect(sunday.days.count == 35)
        let monday = CalendarPeriod(view: .month, anchor: december, firstWeekday: 1)
        #expect(monday.days.first == LocalDate(year: 2026, month: 11, day: 30))
        #expect(monday.days.count == 35)
        // August 2026 begins on a Saturday: six weeks from Sunday 26 July.
        let august = CalendarPeriod(view: .month, anchor: LocalDate(year: 2026, month: 8, day: 20), firstWeekday: 0)
        #expect(august.days.first == LocalDate(year: 2026, month: 7, day: 26))
        #expect(august.days.count == 42)
        #expect(sunday.moved(by: 1).anchor == LocalDate(year: 2027, month: 1, day: 1))
        #expect(sunday.moved(by: -12).anchor == LocalDate(year: 2025, month: 12, day: 1))
    }

    @Test func aWeekStartsOnTheFirstWeekdayAndTheAgendaOnItsDate() {
        #expect(CalendarPeriod(view: .week, anchor: december, firstWeekday: 0).days.first == LocalDate(year: 2026, month: 12, day: 13))
        #expect(CalendarPeriod(view: .week, anchor: december, firstWeekday: 1).days.first == LocalDate(year: 2026, month: 12, day: 14))
        #expect(CalendarPeriod(view: .week, anchor: december, firstWeekday: 1).moved(by: 1).anchor == LocalDate(year: 2026, month: 12, day: 21))
        let agenda = CalendarPeriod(view: .agenda, anchor: december, firstWeekday: 1)
        #expect(agenda.days == (december, CalendarPeriod.agendaDays))
        #expect(agenda.range(zone: chicago).from == at("2026-12-16T00:00"))
    }

    @Test func glibcsFirstWeekdayIsCountedFromItsWeekBase() {
        #expect(LocaleFormats.firstWeekdayIndex(week1stDay: 19971130, firstWeekday: 1) == 0, "en_US: Sunday")
        #expect(LocaleFormats.firstWeekdayIndex(week1stDay: 19971130, firstWeekday: 2) == 1, "es_ES: Monday")
        #expect(LocaleFormats.firstWeekdayIndex(week1stDay: 19971201, firstWeekday: 1) == 1)
        #expect(LocaleFormats.firstWeekdayIndex(week1stDay: 19971130, firstWeekday: 7) == 6)
    }

    @Test func eachDayHasItsOccurrencesAndCountsItsClashes() {
        let first = LocalDate(year: 2026, month: 12, day: 1)
        let choir = occurrence("Choir practice", "2026-12-02T19:00", hours: 1.5)
        let council = occurrence("Council", "2026-12-02T20:00")
        let night = occurrence("Vigil", "2026-12-03T22:00", hours: 4, place: "Chapel")
        let before = occurrence("Earlier", "2026-11-20T10:00")
        let days = CalendarDays([council, night, choir, before], first: first, count: 7, zone: chicago)
        #expect(days.days[1].occurrences.map(\.title) == ["Choir practice", "Council"])
        #expect(days.days[1].clashCount == 1)
        #expect(days.days[2].occurrences.map(\.title) == ["Vigil"])
        #expect(days.days[3].occurrences.map(\.title) == ["Vigil"], "it runs past midnight")
        #expect(days.days[0].occurrences.isEmpty)
        #expect(days.clashes(choir).map(\.title) == ["Council"])
    }

    @Test func aWeekPutsTimedOccurrencesInLanesAndAllDayOnesApart() {
        let first = LocalDate(year: 2026, month: 12, day: 14)
        let choir = occurrence("Choir practice", "2026-12-16T19:00", hours: 1.5)
        let council = occurrence("Council", "2026-12-16T20:00")
        let fair = Event(orgId: UUID(), details: EventDetails(title: "Fair", locationName: "Green",
                                                               timing: .allDay(first: LocalDate(year: 2026, month: 12, day: 19),
                                                                               last: LocalDate(year: 2026, month: 12, day: 20))))
            .occurrences(from: .distantPast, to: .distantFuture, zone: chicago)[0]
        let layout = EventWeekLayout([council, fair, choir], firstDay: first, zone: chicago)
        #expect(layout.firstHour == 19)
        #expect(layout.lastHour == 21)
        #expect(layout.lanes == [1, 1, 2, 1, 1, 1, 1])
        #expect(layout.blocks.map(\.occurrence.title) == ["Choir practice", "Council"])
        #expect(layout.blocks.map(\.lane) == [0, 1])
        #expect(layout.blocks.map(\.row) == [0, 4])
        #expect(layout.allDay.map(\.count) == [0, 0, 0, 0, 0, 1, 1])
    }
}
