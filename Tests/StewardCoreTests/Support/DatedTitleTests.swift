import Testing
@testable import StewardCore

/// A copied title names the copy's date the way the original named its own.
@Suite("Dated titles")
struct DatedTitleTests {
    static let old = LocalDate(year: 2026, month: 11, day: 29)
    static let new = LocalDate(year: 2026, month: 12, day: 6)

    @Test("the date is moved in the form it was written, in English and Spanish", arguments: [
        ("Sunday Worship, November 29", "Sunday Worship, December 6"),
        ("Bulletin for Nov. 29th, 2026", "Bulletin for Dec. 6th, 2026"),
        ("Order of Service 2026-11-29", "Order of Service 2026-12-06"),
        ("29 November 2026: Advent I", "6 December 2026: Advent I"),
        ("Boletín del 29 de noviembre de 2026", "Boletín del 6 de diciembre de 2026"),
        ("Misa 29/11", "Misa 6/12"),
        ("Worship 11/29/26", "Worship 12/6/26"),
        ("NOV 29 SERVICE", "DEC 6 SERVICE"),
    ])
    func moved(title: String, expected: String) {
        #expect(DatedTitle.moved(title, from: Self.old, to: Self.new) == expected)
    }

    @Test("a title naming no date, or another date, is left as it is", arguments: [
        "Advent II", "Sunday Worship, November 22", "Room 1129", "Psalm 29", "Nov 290", "11/290",
    ])
    func untouched(title: String) {
        #expect(DatedTitle.moved(title, from: Self.old, to: Self.new) == title)
    }

    @Test("ordinals follow the new day; a year moves with the date")
    func ordinalsAndYears() {
        let newYear = LocalDate(year: 2027, month: 1, day: 1)
        let eve = LocalDate(year: 2026, month: 12, day: 25)
        #expect(DatedTitle.moved("Christmas Day, December 25th, 2026", from: eve, to: newYear) == "Christmas Day, January 1st, 2027")
        #expect(DatedTitle.moved("25 de diciembre", from: eve, to: newYear) == "1 de enero")
        #expect(DatedTitle.moved("Dec 25", from: eve, to: LocalDate(year: 2027, month: 1, day: 2)) == "Jan 2")
    }
}
