import Foundation
import Testing
@testable import StewardCore

/// What the Loans page shows and sends beyond the lists: the counts, the report as CSV, and a
/// borrower's reminder as a mailto: draft.
@Suite("Lending counts, report CSV and reminders")
struct LendingOutputTests {
    /// Ann: Gilead 2 days late; Ben: Home 9 days late; Ann: Lila due in 3 days.
    static func lent(_ library: LibraryFixture) async throws {
        let ann = library.borrowers[0], ben = library.borrowers[1]
        try await library.loans.lend(book: library.books[0], to: ann, on: library.day(-30), due: library.day(-2), in: library.org)
        try await library.loans.lend(book: library.books[1], to: ben, on: library.day(-30), due: library.day(-9), in: library.org)
        try await library.loans.lend(book: library.books[2], to: ann, on: library.day(-10), due: library.day(3), in: library.org)
    }

    @Test("the counts: books out, overdue, due this week; lost and returned loans are not out")
    func counts() async throws {
        let library = try await LibraryFixture()
        #expect(try await library.loans.counts(today: library.today, in: library.org) == LendingCounts(out: 0, overdue: 0, dueThisWeek: 0))
        try await Self.lent(library)
        #expect(try await library.loans.counts(today: library.today, in: library.org) == LendingCounts(out: 3, overdue: 2, dueThisWeek: 1))
        #expect(try await library.loans.counts(today: library.day(-4), in: library.org).dueThisWeek == 1, "Gilead, due in 2 days then")
        let home = try #require(try await library.loans.openLoan(ofBook: library.books[1], in: library.org))
        try await library.loans.mark(home.id, .lost, in: library.org)
        let lila = try #require(try await library.loans.openLoan(ofBook: library.books[2], in: library.org))
        try await library.loans.giveBack(lila.id, in: library.org)
        #expect(try await library.loans.counts(today: library.today, in: library.org) == LendingCounts(out: 1, overdue: 1, dueThisWeek: 0))
    }

    @Test("the report as CSV: a header, one row per loan with the borrower's details, quoting where needed")
    func csv() async throws {
        let library = try await LibraryFixture()
        try await Self.lent(library)
        _ = try await library.records.update(.book, id: library.books[0], changes: ["authors": .string("Robinson, Marilynne")], in: library.org)
        let report = try await library.loans.report(.overdue, today: library.today, in: library.org)
        let rows = LoanReportCSV.text(report).components(separatedBy: "\r\n")
        #expect(rows.count == 4, "header, two loans, and the final line break")
        #expect(rows[0] == "Borrower,Phone,Email,Title,Authors,ISBN,Lent on,Due on,Days late,Renewals,Loan")
        #expect(rows[1].hasPrefix("Ben Okafor,416-555-0102,ben@example.org,Home,,,2026-10-21,2026-11-11,9,0,"))
        #expect(rows[2].hasPrefix("Ann Lee,416-555-0101,ann@example.org,Gilead,\"Robinson, Marilynne\",,2026-10-21,2026-11-18,2,0,"))
        #expect(LoanReportCSV.cell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(LoanReportCSV.cell("-3") == "-3")
    }

    @Test("a reminder is a mailto: draft to the borrower listing their books, due dates and days late")
    func reminder() async throws {
        let library = try await LibraryFixture()
        try await Self.lent(library)
        let report = try await library.loans.report(.overdue, today: library.today, in: library.org)
        let ann = try #require(report.groups.first { $0.name == "Ann Lee" })
        let body = LoanReminder.body(ann, organization: "Maple Street Library")
        #expect(body.contains("Hello Ann Lee,"))
        #expect(body.contains("- Gilead (due 2026-11-18, 2 days late)"))
        #expect(LoanReminder.subject(ann, organization: "Maple Street Library") == "Overdue books from Maple Street Library")
        let mailto = try #require(LoanReminder.mailto(ann, organization: "Maple Street Library"))
        #expect(mailto.hasPrefix("mailto:ann@example.org?subject=Overdue%20books%20from%20Maple%20Street%20Library&body=Hello%20Ann%20Lee"))
        let query = try #require(URLComponents(string: mailto)?.queryItems)
        #expect(query.first { $0.name == "body" }?.value == body.replacingOccurrences(of: "\n", with: "\r\n"))
        var noEmail = ann
        noEmail.email = ""
        #expect(LoanReminder.mailto(noEmail, organization: "Maple Street Library") == nil)
    }
}
