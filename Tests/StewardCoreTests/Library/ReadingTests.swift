import Foundation
import Testing
@testable import StewardCore

@Suite("Reviews, reading lists and readers")
struct ReadingTests {
    private func review(_ library: LibraryFixture, book: Int, date: String?, rating: Int64? = nil, by reviewer: Int? = nil,
                        _ text: String) async throws -> LocalRecord {
        var fields: [String: JSONValue] = ["book": .string(library.books[book].uuidString), "text": .string(text)]
        if let date { fields["date"] = .string(date) }
        if let rating { fields["rating"] = .int(rating) }
        if let reviewer { fields["reviewer"] = .string(library.borrowers[reviewer].uuidString) }
        return try await library.records.create(.bookReview, fields: .object(fields), in: library.org)
    }

    @Test("a book keeps several dated reviews, newest first, beside its own review field")
    func reviewsNewestFirst() async throws {
        let library = try await LibraryFixture()
        _ = try await library.records.update(.book, id: library.books[0], changes: ["review": .string("A quiet classic.")],
                                             in: library.org)
        _ = try await review(library, book: 0, date: "2026-03-02", rating: 4, by: 0, "Slow, then wonderful.")
        _ = try await review(library, book: 0, date: "2026-10-15", rating: 5, "Staff pick for Advent.")
        _ = try await review(library, book: 0, date: "2026-06-30", by: 1, "Read it with my book club.")
        _ = try await review(library, book: 1, date: "2026-11-01", "Another book's review.")

        let reviews = try await library.records.reviews(ofBook: library.books[0], in: library.org)
        #expect(reviews.map { $0["date"]?.stringValue } == ["2026-10-15", "2026-06-30", "2026-03-02"])
        #expect(reviews.last?["rating"] == .int(4))
        #expect(reviews.first?["reviewer"] == .null)
        // The book's single review is untouched by its history.
        let book = try #require(try await library.records.record(.book, id: library.books[0], in: library.org))
        #expect(book["review"] == .string("A quiet classic."))
    }

    @Test("a review's date is today when left empty; its rating runs from 1 to 5 and its text is required")
    func reviewDateAndLimits() async throws {
        let library = try await LibraryFixture()
        let undated = try await review(library, book: 0, date: nil, "No date given.")
        #expect(undated["date"] == .string(LocalDate(Date(), in: library.org.timeZone).description))
        do {
            _ = try await review(library, book: 0, date: "2026-11-01", rating: 6, "Too many stars.")
            Issue.record("a rating of 6 must be refused")
        } catch let error as ValidationError {
            #expect(error.message(for: "rating") != nil, "\(error)")
        }
        do {
            _ = try await library.records.create(.bookReview, fields: .object(["book": .string(library.books[0].uuidString)]),
                                                 in: library.org)
            Issue.record("a review without text must be refused")
        } catch let error as ValidationError {
            #expect(error.message(for: "text") != nil, "\(error)")
        }
    }

    private func entry(_ library: LibraryFixture, borrower: Int, book: Int, list: String) async throws -> LocalRecord {
        try await library.records.create(.readingListEntry, fields: .object([
            "borrower": .string(library.borrowers[borrower].uuidString), "book": .string(library.books[book].uuidString),
            "list": .string(list), "addedOn": .string("2026-11-02"),
        ]), in: library.org)
    }

    @Test("a book is on a borrower's list once; the refusal names the borrower and the list")
    func duplicateEntryRefused() async throws {
        let library = try await LibraryFixture()
        _ = try await entry(library, borrower: 0, book: 0, list: "to-read")
        do {
            _ = try await entry(library, borrower: 0, book: 0, list: "to-read")
            Issue.record("the same book twice on the same list must be refused")
        } catch let error as ValidationError {
            let message = try #require(error.message(for: "book"))
            #expect(message.contains("Ann Lee"), "\(message)")
            #expect(message.contains("To read"), "\(message)")
            #expect(message.contains("2026-11-02"), "\(message)")
        }
        // Another list, or another borrower, takes it.
        _ = try await entry(library, borrower: 0, book: 0, list: "favourite")
        _ = try await entry(library, borrower: 1, book: 0, list: "to-read")
        let lists = try await library.records.readingList(ofBorrower: library.borrowers[0], in: library.org)
        #expect(Set(lists.compactMap { $0["list"]?.stringValue }) == ["to-read", "favourite"])
        // A list word that is none of the three is refused.
        await #expect(throws: ValidationError.self) { _ = try await entry(library, borrower: 1, book: 1, list: "maybe") }
    }

    @Test("an entry changed onto a list that already has the book is refused too; changed to itself, it passes")
    func duplicateByUpdateRefused() async throws {
        let library = try await LibraryFixture()
        _ = try await entry(library, borrower: 0, book: 0, list: "wish")
        let other = try await entry(library, borrower: 0, book: 0, list: "favourite")
        await #expect(throws: ValidationError.self) {
            _ = try await library.records.update(.readingListEntry, id: other.id, changes: ["list": .string("wish")], in: library.org)
        }
        let same = try await library.records.update(.readingListEntry, id: other.id, changes: ["addedOn": .string("2026-11-03")],
                                                    in: library.org)
        #expect(same["addedOn"] == .string("2026-11-03"))
    }

    @Test("who has read a book: its distinct borrowers from its loans, each with their last loan's day, latest first")
    func readersFromLoans() async throws {
        let library = try await LibraryFixture()
        let book = library.books[0]
        let first = try await library.loans.lend(book: book, to: library.borrowers[0], on: library.day(-90), in: library.org)
        try await library.loans.giveBack(first.id, on: library.day(-80), in: library.org)
        let second = try await library.loans.lend(book: book, to: library.borrowers[1], on: library.day(-60), in: library.org)
        try await library.loans.giveBack(second.id, on: library.day(-50), in: library.org)
        let third = try await library.loans.lend(book: book, to: library.borrowers[0], on: library.day(-20), in: library.org)
        try await library.loans.giveBack(third.id, on: library.day(-5), in: library.org)
        // Another book's loan is not this one's reader.
        _ = try await library.loans.lend(book: library.books[1], to: library.borrowers[1], on: library.day(-1), in: library.org)

        let readers = try await library.loans.readers(of: book, in: library.org)
        #expect(readers.map(\.name) == ["Ann Lee", "Ben Okafor"])
        #expect(readers.map(\.lastLentOn) == [library.day(-20), library.day(-60)])
        #expect(readers.map(\.loans) == [2, 1])
        #expect(try await library.loans.readers(of: library.books[2], in: library.org).isEmpty)
    }
}
