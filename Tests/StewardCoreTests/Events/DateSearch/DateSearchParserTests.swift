import Foundation
import Testing
@testable import StewardCore

/// What staff type in a search, read as dates: relative to Saturday 28 November 2026.
@Suite struct DateSearchParserTests {
    let today = LocalDate(year: 2026, month: 11, day: 28)  // a Saturday

    func day(_ y: Int, _ m: Int, _ d: Int) -> SearchDateSpan { .day(LocalDate(year: y, month: m, day: d)) }

    func read(_ text: String, dayFirst: Bool = true, firstWeekday: Int = 0, on date: LocalDate? = nil) -> DateSearch? {
        DateSearchParser.parse(text, today: date ?? today, dayFirst: dayFirst, firstWeekday: firstWeekday)
    }

    @Test(arguments: [
        ("29 Nov", 29), ("nov 29", 29), ("Nov. 29th", 29), ("29 november", 29), ("29 de noviembre", 29),
        ("29 DE NOVIEMBRE DE 2026", 29), ("november 29, 2026", 29), ("29/11", 29), ("2026-11-29", 29),
        ("tomorrow", 29), ("mañana", 29), ("manana", 29), ("today", 28), ("hoy", 28), ("yesterday", 27), ("ayer", 27),
        ("pasado mañana", 30), ("next sunday", 29), ("el domingo", 29), ("on sunday", 29), ("this sunday", 29),
        ("el próximo domingo", 29), ("el domingo que viene", 29), ("last sunday", 22), ("el domingo pasado", 22),
        ("this saturday", 28), ("next saturday", 5), ("el sábado", 28), ("el sabado", 28),
    ])
    func daysInEnglishAndSpanish(text: String, dayOfMonth: Int) throws {
        let found = try #require(read(text))
        #expect(found.span.kind == .day)
        #expect(found.span.first.day == dayOfMonth, "\(text)")
        #expect(found.span.first == found.span.last)
        #expect(found.text == "")
    }

    @Test func monthsAloneAndWithAYear() throws {
        #expect(read("december")?.span == .month(year: 2026, month: 12))
        #expect(read("diciembre")?.span == .month(year: 2026, month: 12))
        #expect(read("November")?.span == .month(year: 2026, month: 11))
        #expect(read("dec 2026")?.span == .month(year: 2026, month: 12))
        #expect(read("diciembre de 2027")?.span == .month(year: 2027, month: 12))
        #expect(read("setiembre")?.span == .month(year: 2026, month: 9))
        let december = try #require(read("december")?.span)
        #expect(december.first == LocalDate(year: 2026, month: 12, day: 1))
        #expect(december.last == LocalDate(year: 2026, month: 12, day: 31))
        #expect(read("this month")?.span == .month(year: 2026, month: 11))
        #expect(read("el mes que viene")?.span == .month(year: 2026, month: 12))
        #expect(read("next month", on: LocalDate(year: 2026, month: 12, day: 5))?.span == .month(year: 2027, month: 1))
    }

    /// A month or date without a year is the nearest one: "january" in December is next
    /// January, "october" in November is last October; six months either way goes forward.
    @Test func theYearRollsOverToTheNearestDate() {
        let december = LocalDate(year: 2026, month: 12, day: 20)
        #expect(read("january", on: december)?.span == .month(year: 2027, month: 1))
        #expect(read("enero", on: december)?.span == .month(year: 2027, month: 1))
        #expect(read("3 jan", on: december)?.span == day(2027, 1, 3))
        #expect(read("2/1", on: december)?.span == day(2027, 1, 2))
        #expect(read("october")?.span == .month(year: 2026, month: 10))
        #expect(read("may")?.span == .month(year: 2027, month: 5))  // six months either side
        #expect(read("1 nov")?.span == day(2026, 11, 1))
        #expect(read("29 feb")?.span == day(2028, 2, 29))
        #expect(read("31 feb") == nil)
        // No such day: what is left is the month, and "31" is searched as text.
        #expect(read("31 feb 2026") == DateSearch(span: .month(year: 2026, month: 2), text: "31"))
    }

    @Test func weeksStartOnTheLocalesFirstWeekday() throws {
        let sundayWeek = try #require(read("this week"))
        #expect(sundayWeek.span == SearchDateSpan(kind: .week, first: LocalDate(year: 2026, month: 11, day: 22),
                                                  last: LocalDate(year: 2026, month: 11, day: 28)))
        let mondayWeek = try #require(read("esta semana", firstWeekday: 1))
        #expect(mondayWeek.span.first == LocalDate(year: 2026, month: 11, day: 23))
        #expect(read("next week")?.span.first == LocalDate(year: 2026, month: 11, day: 29))
        #expect(read("la semana que viene", firstWeekday: 1)?.span.first == LocalDate(year: 2026, month: 11, day: 30))
        #expect(read("la próxima semana", firstWeekday: 1)?.span.last == LocalDate(year: 2026, month: 12, day: 6))
        #expect(read("last week")?.span.first == LocalDate(year: 2026, month: 11, day: 15))
    }

    /// Numbers alone follow the language's date order; the other order only when it alone
    /// makes a date.
    @Test func numbersFollowTheLocalesOrder() {
        #expect(read("3/4", dayFirst: true)?.span == day(2027, 4, 3))
        #expect(read("3/4", dayFirst: false)?.span == day(2027, 3, 4))
        #expect(read("11/29", dayFirst: true)?.span == day(2026, 11, 29))
        #expect(read("29/11", dayFirst: false)?.span == day(2026, 11, 29))
        #expect(read("29.11.26")?.span == day(2026, 11, 29))
        #expect(read("12/25/2026", dayFirst: false)?.span == day(2026, 12, 25))
        #expect(read("40/40") == nil)
        #expect(read("2026-02-30") == nil)
    }

    @Test func otherWordsAreLeftAsText() throws {
        let worship = try #require(read("worship december"))
        #expect(worship.span == .month(year: 2026, month: 12))
        #expect(worship.text == "worship")
        let choir = try #require(read("Choir 29 Nov practice"))
        #expect(choir.span == day(2026, 11, 29))
        #expect(choir.text == "Choir practice")
        #expect(read("cena en diciembre")?.text == "cena")
        #expect(read("youth on 5 dec")?.text == "youth")
    }

    /// Words that are titles more often than dates stay text.
    @Test func titlesAreNotDates() {
        for text in ["Sunday School", "sunday", "domingo", "dec", "choir", "", "  ", "29", "2026", "Family Picnic",
                     "room 12", "week", "next", "el coro", "mar"] {
            #expect(read(text) == nil, "\(text)")
        }
    }

    @Test func theSpanIsTheOrganizationsDays() throws {
        let chicago = TimeZone(identifier: "America/Chicago")!
        // 03:00 UTC on 29 November is still 28 November in Chicago.
        let now = DateTimeText.parse("2026-11-29T03:00:00Z", zone: .gmt)!
        let found = try #require(DateSearchParser.parse("today", now: now, zone: chicago))
        #expect(found.span == day(2026, 11, 28))
        let interval = found.span.interval(in: chicago)
        #expect(interval.start == DateTimeText.parse("2026-11-28T06:00:00Z", zone: .gmt))
        #expect(interval.end == DateTimeText.parse("2026-11-29T06:00:00Z", zone: .gmt))
    }
}
