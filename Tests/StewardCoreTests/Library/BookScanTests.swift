import Foundation
import Testing
@testable import StewardCore

/// Scan mode: each ISBN a barcode scanner types finds or adds a book at once; the format of an
/// import file is told from its header.
@Suite("Book scans")
struct BookScanTests {
    @Test("a scan adds a book the library lacks and finds it again in either ISBN form; a misread is refused")
    func scans() async throws {
        let library = try await LibraryFixture()
        let scanner = BookScan(database: library.database)
        let added = try await scanner.scan("9780316769488", in: library.org)
        guard case .added(let book) = added else { Issue.record("not added: \(added)"); return }
        #expect(book["isbn"] == .string("9780316769488"))
        #expect(book["title"] == .string("9780316769488"), "the ISBN stands in for the title until it has one")
        #expect(book["addedOn"]?.stringValue?.count == 10)
        let again = try await scanner.scan("0-316-76948-7", in: library.org)
        guard case .found(let found) = again else { Issue.record("not found: \(again)"); return }
        #expect(found.id == book.id)
        let withDetails = try await scanner.scan("9780439023481", details: ["title": .string("The Hunger Games"),
                                                                              "authors": .string("Suzanne Collins")], in: library.org)
        #expect(withDetails.book["title"] == .string("The Hunger Games"))
        await #expect(throws: ISBNError.wrongCheckDigit(expected: "8", given: "9")) {
            try await scanner.scan("9780316769489", in: library.org)
        }
        #expect(try await library.records.list(.book, in: library.org).count == 5, "three of the fixture's, two scanned")
    }

    @Test("an import file's format comes from its header")
    func detect() throws {
        let goodreads = try String(contentsOf: BookImportTests.goodreadsURL, encoding: .utf8)
        #expect(BookImportFormat.detect(text: goodreads) == .goodreads)
        #expect(BookImportFormat.detect(text: "item_type,title,creators,ean_isbn13\nbook,Gilead,,\n") == .libib)
        #expect(BookImportFormat.detect(text: "title,isbn\nGilead,\n") == .csv)
    }
}
