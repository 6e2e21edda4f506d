import Foundation
import Testing
@testable import StewardCore

/// What the Books list says of each book's copy: out and due when, overdue, lost, or nothing
/// when it is on the shelf.
@Suite("Book loan text")
struct BookLoanTextTests {
    @Test("a book out says its due day; one past it says overdue; a returned or never lent one says nothing")
    func outDueAndOverdue() async throws {
        let library = try await LibraryFixture()
        let (org, loans) = (library.org, library.loans)
        _ = try await loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, due: library.day(13), in: org)
        _ = try await loans.lend(book: library.books[1], to: library.borrowers[1], on: library.day(-30), due: library.day(-2), in: org)
        let returned = try await loans.lend(book: library.books[2], to: library.borrowers[0], on: library.day(-5), in: org)
        _ = try await loans.giveBack(returned.id, on: library.today, in: org)

        let texts = try await loans.loanTexts(ofBooks: library.books, today: library.today, in: org)
        #expect(texts[library.books[0]] == "Out · due 3 Dec")
        #expect(texts[library.books[1]] == "Overdue · 18 Nov")
        #expect(texts[library.books[2]] == nil)
    }

    @Test("a lost book or one its borrower says was returned says so")
    func lostAndClaimed() async throws {
        let library = try await LibraryFixture()
        let (org, loans) = (library.org, library.loans)
        let lost = try await loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, in: org)
        _ = try await loans.mark(lost.id, .lost, on: library.today, in: org)
        let claimed = try await loans.lend(book: library.books[1], to: library.borrowers[1], on: library.today, in: org)
        _ = try await loans.mark(claimed.id, .claimsReturned, on: library.today, in: org)

        let texts = try await loans.loanTexts(ofBooks: library.books, today: library.today, in: org)
        #expect(texts[library.books[0]] == "Lost")
        #expect(texts[library.books[1]] == "Claims returned")
        #expect(texts[library.books[2]] == nil)
    }

    @Test("the longest of the words is counted with a two-digit day, so a column of that width cuts none")
    func longestCount() {
        #expect(BookLoanText.longestCount >= "Overdue · 18 Nov".count)
        #expect(BookLoanText.longestCount >= "Out · due 28 Nov".count)
        #expect(BookLoanText.longestCount >= "Claims returned".count)
    }

    @Test("only the books asked about are read")
    func onlyThoseAsked() async throws {
        let library = try await LibraryFixture()
        _ = try await library.loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, in: library.org)
        let texts = try await library.loans.loanTexts(ofBooks: [library.books[1]], today: library.today, in: library.org)
        #expect(texts.isEmpty)
    }
}
