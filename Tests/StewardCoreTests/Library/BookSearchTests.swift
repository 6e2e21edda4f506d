import Foundation
import GRDB
import Testing
@testable import StewardCore

/// The Books list's search through the kit's full-text index: kept in step with every write,
/// any ISBN form finds the book kept under its ISBN-13, and a page is read in the list's order.
@Suite("Book search index")
struct BookSearchTests {
    private func titles(_ library: LibraryFixture, _ search: String) async throws -> [String] {
        try await library.records.list(.book, in: library.org, search: search).map { RecordType.book.title(of: $0.fields) }
    }

    @Test("books are declared searchIndexed and the list's search goes through the index")
    func declared() async throws {
        #expect(RecordType.book.isSearchIndexed)
        #expect(!RecordType.borrower.isSearchIndexed)
        let library = try await LibraryFixture()
        let lines = try await library.database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordSearchEntry WHERE entity = 'book'")
        }
        #expect(lines == 3)
        #expect(try await titles(library, "gil") == ["Gilead"])
        #expect(try await titles(library, "") == ["Gilead", "Home", "Lila"])
    }

    @Test("an edit, a delete and an undelete change what the search finds")
    func keptInStep() async throws {
        let library = try await LibraryFixture()
        let gilead = library.books[0]
        _ = try await library.records.update(.book, id: gilead, changes: [
            "authors": .string("Marilynne Robinson"), "tags": .string("Iowa, prairie"), "notes": .string("Signed copy"),
        ], in: library.org)
        #expect(try await titles(library, "robin") == ["Gilead"])
        #expect(try await titles(library, "prair") == ["Gilead"])
        #expect(try await titles(library, "SIGNED") == ["Gilead"])
        _ = try await library.records.update(.book, id: gilead, changes: ["title": .string("Jack")], in: library.org)
        #expect(try await titles(library, "gilead") == [])
        #expect(try await titles(library, "jack") == ["Jack"])
        try await library.records.delete(.book, id: gilead, in: library.org)
        #expect(try await titles(library, "jack") == [])
        #expect(try await titles(library, "robinson") == [])
        try await library.records.restore(.book, id: gilead, in: library.org)
        #expect(try await titles(library, "jack robinson") == ["Jack"])
    }

    @Test("an ISBN-10, with or without hyphens or spaces, finds the book kept as its ISBN-13")
    func isbnForms() async throws {
        let library = try await LibraryFixture()
        _ = try await library.records.create(.book, fields: .object([
            "title": .string("The Catcher in the Rye"), "isbn": .string("0-316-76948-7"),
        ]), in: library.org)
        let stored = try await library.records.list(.book, in: library.org, search: "catcher").first?["isbn"]
        #expect(stored == .string("9780316769488"))
        for typed in ["0316769487", "0-316-76948-7", "0 316 76948 7", "9780316769488", "978-0-316-76948-8",
                      "978 0 316 76948 8", "978-0-316", "0-316-7", "9780316"] {
            #expect(try await titles(library, typed) == ["The Catcher in the Rye"], "\(typed)")
        }
        #expect(try await titles(library, "0-316-76948-6") == [])
    }

    @Test("words typed match the starts of words, any case and accents; the in-memory search agrees")
    func words() async throws {
        #expect(SearchWords.words("Ça  fam-pic 978-0-316") == ["ca", "fam", "pic", "9780316"])
        #expect(SearchWords.words("river 4711") == ["river", "4711"])
        #expect(SearchWords.ftsQuery("  ") == nil)
        let library = try await LibraryFixture()
        _ = try await library.records.create(.book, fields: .object(["title": .string("Éléments de géométrie")]), in: library.org)
        #expect(try await titles(library, "elem geo") == ["Éléments de géométrie"])
        #expect(try await titles(library, "ments") == [])
        let borrowers = try await library.records.list(.borrower, in: library.org, search: "ann")
        #expect(borrowers.map { $0["name"] } == [.string("Ann Lee")])
    }

    @Test("a page holds the first books in the list's order and counts them all, broad or narrow")
    func pages() async throws {
        let library = try await LibraryFixture()
        for index in 0..<2_500 {
            _ = try await library.records.create(.book, fields: .object([
                "title": .string("Winter \(String(format: "%04d", index))"), "tags": .string(index % 2 == 0 ? "even" : "odd"),
            ]), in: library.org)
        }
        // Broad: 50 of its matches, in order among themselves, counted up to 2,000.
        let broad = try await library.records.page(.book, in: library.org, search: "w", limit: 50)
        #expect(broad.total == 2_000)
        #expect(broad.totalIsLowerBound)
        let broadTitles = broad.records.map { RecordType.book.title(of: $0.fields) }
        #expect(broadTitles.count == 50)
        #expect(broadTitles.allSatisfy { $0.hasPrefix("Winter ") })
        #expect(broadTitles == broadTitles.sorted())
        // Under 2,000 matches: the first ones in the list's order, all counted.
        let even = try await library.records.page(.book, in: library.org, search: "winter even", limit: 3)
        #expect(even.total == 1_250)
        #expect(!even.totalIsLowerBound)
        #expect(even.records.map { RecordType.book.title(of: $0.fields) } == ["Winter 0000", "Winter 0002", "Winter 0004"])
        // The command line's search (no page) gets every match.
        #expect(try await library.records.list(.book, in: library.org, search: "odd").count == 1_250)
        let narrow = try await library.records.page(.book, in: library.org, search: "winter 001", limit: 5)
        #expect(narrow.total == 10)
        #expect(narrow.records.map { RecordType.book.title(of: $0.fields) }.first == "Winter 0010")
        #expect(narrow.records.count == 5)
        let unsearched = try await library.records.page(.book, in: library.org, limit: 2)
        #expect(unsearched.total == 2_503)
        #expect(unsearched.records.map { RecordType.book.title(of: $0.fields) } == ["Gilead", "Home"])
    }

    @Test("a typed number is an ISBN range read: broad prefixes stop counting, narrow ones count exactly, numbers in titles match")
    func numberPages() async throws {
        let library = try await LibraryFixture()
        @Sendable func isbn(_ n: Int) -> String {
            let body = "978" + String(format: "%09d", n)
            let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            return body + String((10 - sum % 10) % 10)
        }
        try await library.database.writer.write { db in
            for n in 0..<2_100 {
                let record = LocalRecord(entity: RecordType.book.entity, id: UUID(), orgId: library.org.id,
                                         createdAt: Date(), updatedAt: Date(),
                                         fields: .object(["title": .string("Atlas \(n)"), "isbn": .string(isbn(n))]))
                try RecordTypes.storage(for: record.entity).write(record, org: library.org, db)
            }
        }
        // Every ISBN starts 978: a page of them, counted no further than 2,000.
        for typed in ["9", "978", "9780"] {
            let page = try await library.records.page(.book, in: library.org, search: typed, limit: 100)
            #expect(page.totalIsLowerBound, "\(typed)")
            #expect(page.total == 2_000, "\(typed)")
            #expect(page.records.count == 100, "\(typed)")
        }
        // "978000000" starts the ISBNs of books 0 to 999 (and their ISBN-10s start "000000")...
        let thousand = try await library.records.page(.book, in: library.org, search: "978000000", limit: 100)
        #expect(!thousand.totalIsLowerBound)
        #expect(thousand.total == 1_000)
        #expect(thousand.records.count == 100)
        // ...eleven digits, ten books; the ISBN-10 form finds the same ones.
        let ten = try await library.records.page(.book, in: library.org, search: "97800000012", limit: 100)
        #expect(ten.total == 10)
        #expect(ten.records.map { RecordType.book.title(of: $0.fields) }.sorted() == (120..<130).map { "Atlas \($0)" }.sorted())
        let isbn10 = try await library.records.page(.book, in: library.org, search: "0-000-0012", limit: 100)
        #expect(isbn10.total == 10)
        // A whole ISBN finds its book; a number in a title is still a word of it.
        #expect(try await titles(library, isbn(1_234)) == ["Atlas 1234"])
        let titled = try await library.records.page(.book, in: library.org, search: "2099", limit: 100)
        #expect(titled.records.map { RecordType.book.title(of: $0.fields) } == ["Atlas 2099"])
        let both = try await library.records.page(.book, in: library.org, search: "atlas 978000000123", limit: 100)
        #expect(both.records.map { RecordType.book.title(of: $0.fields) } == ["Atlas 123"])
        // Numbers no longer sit among the index's words: they are in its ISBN columns.
        let words = try await library.database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT words FROM recordSearchEntry WHERE words LIKE 'Atlas 7 %' OR words = 'Atlas 7'")
        }
        #expect(words == "Atlas 7")
    }

    @Test("the unsearched list reads as far as a record to select")
    func position() async throws {
        let library = try await LibraryFixture()
        // Gilead, Home, Lila in the list's order.
        #expect(try await library.records.position(of: library.books[0], .book, in: library.org) == 0)
        #expect(try await library.records.position(of: library.books[2], .book, in: library.org) == 2)
        #expect(try await library.records.position(of: library.books[2], .book, in: library.org, search: "lila") == nil)
        #expect(try await library.records.position(of: library.borrowers[0], .borrower, in: library.org) == nil)
    }

    @Test("the migration indexes books kept before it")
    func migration() async throws {
        let library = try await LibraryFixture()
        try await library.database.writer.write { db in
            try db.execute(sql: "DELETE FROM recordSearchEntry")
            try RecordSearchIndex.rebuild(db)
        }
        #expect(try await titles(library, "lila") == ["Lila"])
    }

    @Test("the overdue report's one query reads the open loans through their index")
    func reportPlan() async throws {
        let library = try await LibraryFixture()
        let plan = try await library.database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + LoanQueries.reportSQL,
                             arguments: ["x", "0", "9"]).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("record_open_loan_due"), "\(plan)")
    }
}
