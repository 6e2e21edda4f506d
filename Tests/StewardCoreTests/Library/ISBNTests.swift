import Foundation
import Testing
@testable import StewardCore

/// Book numbers: both forms, their check digits, and the one form a book is kept under.
@Suite("ISBN")
struct ISBNTests {
    @Test("an ISBN-10 is verified and kept as its 978 ISBN-13, hyphens and spaces ignored")
    func isbn10() throws {
        let isbn = try ISBN("0-316-76948-7")
        #expect(isbn.isbn13 == "9780316769488")
        #expect(isbn.isbn10 == "0316769487")
        #expect(try ISBN("0 316 76948 7") == isbn)
        #expect(try ISBN("978-0-316-76948-8") == isbn, "either form names the same book")
    }

    @Test("an X check digit, in either case, is 10")
    func xCheckDigit() throws {
        #expect(try ISBN("0-8044-2957-X").isbn13 == "9780804429573")
        #expect(try ISBN("080442957x").isbn10 == "080442957X")
    }

    @Test("979 numbers have no ISBN-10")
    func isbn979() throws {
        let isbn = try ISBN("979-10-90636-07-1")
        #expect(isbn.isbn13 == "9791090636071")
        #expect(isbn.isbn10 == nil)
    }

    @Test("a wrong check digit names the expected one", arguments: [
        ("0-316-76948-5", "7", "5"), ("9780316769481", "8", "1"), ("0-8044-2957-1", "X", "1"),
    ])
    func wrongCheckDigit(input: String, expected: String, given: String) {
        #expect(throws: ISBNError.wrongCheckDigit(expected: Character(expected), given: Character(given))) { try ISBN(input) }
        let message = ISBNError.wrongCheckDigit(expected: Character(expected), given: Character(given)).description
        #expect(message.hasPrefix("The check digit should be \(expected), not \(given)"))
    }

    @Test("two swapped digits are caught")
    func transposition() {
        #expect(throws: ISBNError.self) { try ISBN("0-316-79648-7") }
        #expect(throws: ISBNError.self) { try ISBN("978-0-316-76984-8") }
    }

    @Test("wrong lengths, letters and other prefixes are refused with what to fix")
    func malformed() {
        #expect(throws: ISBNError.wrongLength(9)) { try ISBN("031676948") }
        #expect(throws: ISBNError.empty) { try ISBN(" - ") }
        #expect(throws: ISBNError.notDigits("03167694X7")) { try ISBN("03167694X7") }
        #expect(throws: ISBNError.notBookland("977")) { try ISBN("9770316769488") }
    }

    @Test("the book type's isbn field stores the ISBN-13 and reports a bad one by its option name")
    func isbnField() throws {
        let fields = try RecordType.book.validate(.object(["title": .string("The Catcher in the Rye"),
                                                           "isbn": .string("0-316-76948-7")]), orgZone: .gmt)
        #expect(fields["isbn"] == .string("9780316769488"))
        do {
            _ = try RecordType.book.validate(.object(["title": .string("X"), "isbn": .string("0-316-76948-5")]), orgZone: .gmt)
            Issue.record("a wrong check digit must be refused")
        } catch {
            #expect(error.message(for: "isbn")?.hasPrefix("The check digit should be 7, not 5") == true)
        }
    }
}
