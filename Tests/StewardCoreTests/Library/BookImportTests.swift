import Foundation
import Testing
@testable import StewardCore

/// Catalogue imports: Goodreads' export as Goodreads writes it (Tests/library/
/// goodreads_library_export.csv), Libib's, and any CSV with a mapping; the preview's new
/// books, duplicates and errors; each book written whole; the same file twice adds nothing.
@Suite("Book imports")
struct BookImportTests {
    static let goodreadsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("library/goodreads_library_export.csv")

    static func goodreads() throws -> BookImportFile {
        try BookImportFile.parse(try String(contentsOf: goodreadsURL, encoding: .utf8), format: .goodreads)
    }

    static func bookCount(_ library: LibraryFixture) async throws -> Int {
        try await library.records.list(.book, in: library.org).count
    }

    @Test("a Goodreads export reads every row, numbered as a spreadsheet shows it, a review's line break included")
    func goodreadsRows() throws {
        let file = try Self.goodreads()
        #expect(file.rows.map(\.number) == Array(2...13))
        let catcher = try #require(try file.rows[0].fields.get())
        #expect(catcher["title"] == "The Catcher in the Rye")
        #expect(catcher["isbn"] == "9780316769488", "the formula quotes (=\"…\") are gone")
        #expect(catcher["rating"] == "4")
        #expect(catcher["addedOn"] == "2019-06-20")
        #expect(catcher["favourite"] == "yes")
        #expect(catcher["read"] == "yes")
        #expect(catcher["review"] == "Holden's voice stays with you.\n\nRead it at sixteen and again at forty.")
        let hungerGames = try #require(try file.rows[1].fields.get())
        #expect(hungerGames["title"] == "The Hunger Games (The Hunger Games, #1)")
        #expect(hungerGames["rating"] == nil, "0 stars is not rated")
        #expect(hungerGames["toRead"] == "yes")
        #expect(hungerGames["tags"] == nil, "the exclusive shelves are flags, not tags")
        let gilead = try #require(try file.rows[6].fields.get())
        #expect(gilead["isbn"] == nil, "=\"\" is no ISBN")
        let cien = try #require(try file.rows[10].fields.get())
        #expect(cien["review"] == "Una obra maestra.\nLa releo cada año.")
        #expect(cien["tags"] == "español")
    }

    @Test("the preview sorts rows into new books, duplicates and errors with row numbers and reasons, and writes nothing")
    func preview() async throws {
        let library = try await LibraryFixture()
        let before = try await Self.bookCount(library)
        let preview = try await BookImporter(database: library.database).preview(try Self.goodreads(), in: library.org)
        #expect(preview.newBooks.map(\.row) == [2, 3, 4, 5, 6, 7, 8, 12, 13])
        #expect(preview.duplicates.map(\.row) == [10])
        #expect(preview.duplicates.first?.match == .titleAndAuthor)
        #expect(preview.duplicates.first?.earlierRow == 2)
        #expect(preview.duplicates.first?.existing == nil)
        #expect(preview.errors.map(\.row) == [9, 11])
        #expect(preview.errors[0].reason.hasPrefix("isbn: The check digit should be 1, not 2"), "\(preview.errors[0].reason)")
        #expect(preview.errors[1].reason == "title: is required")
        let orwell = try #require(preview.newBooks.first { $0.title == "1984" })
        #expect(orwell.authors == "George Orwell, Erich Fromm, Celâl Üster")
        #expect(orwell.fields["tags"] == .string("classics, dystopia"))
        #expect(orwell.fields["rating"] == .int(5))
        #expect(preview.newBooks.first { $0.title == "Pride and Prejudice" }?.fields["wishlist"] == .bool(true))
        #expect(try await Self.bookCount(library) == before)
    }

    @Test("importing a Goodreads export twice adds its books once; the second preview finds them all")
    func twice() async throws {
        let library = try await LibraryFixture()
        let importer = BookImporter(database: library.database)
        let before = try await Self.bookCount(library)
        let first = try await importer.run(try Self.goodreads(), in: library.org)
        #expect(first.newBooks.count == 9)
        #expect(try await Self.bookCount(library) == before + 9)
        let stored = try #require(try await library.records.record(.book, id: first.newBooks[0].id, in: library.org))
        #expect(stored["isbn"] == .string("9780316769488"))
        #expect(stored["notes"] == .string("Donated by the Okafors"))

        let second = try await importer.run(try Self.goodreads(), in: library.org)
        #expect(second.newBooks.isEmpty)
        #expect(second.duplicates.count == 10)
        #expect(second.duplicates.filter { $0.match == .isbn }.count == 8)
        #expect(second.duplicates.first { $0.row == 8 }?.match == .titleAndAuthor, "Gilead has no ISBN")
        #expect(second.duplicates.first { $0.row == 2 }?.existing == first.newBooks[0].id)
        #expect(second.errors.map(\.row) == [9, 11])
        #expect(try await Self.bookCount(library) == before + 9)
    }

    @Test("the catalogue's books are found by ISBN in any form, then by title and first author")
    func catalogueDuplicates() async throws {
        let library = try await LibraryFixture()
        let gatsby = try await library.records.create(.book, fields: .object([
            "title": .string("Gatsby"), "isbn": .string("0-7432-7356-7"),
        ]), in: library.org)
        let kafka = try await library.records.create(.book, fields: .object([
            "title": .string("Kafka on the shore"), "authors": .string("Haruki Murakami"),
        ]), in: library.org)
        let preview = try await BookImporter(database: library.database).preview(try Self.goodreads(), in: library.org)
        let byRow = Dictionary(uniqueKeysWithValues: preview.duplicates.map { ($0.row, $0) })
        #expect(byRow[4]?.match == .isbn)
        #expect(byRow[4]?.existing == gatsby.id)
        #expect(byRow[4]?.existingTitle == "Gatsby")
        #expect(byRow[13]?.match == .titleAndAuthor)
        #expect(byRow[13]?.existing == kafka.id)
        #expect(preview.newBooks.count == 7)
    }

    @Test("each new book is written with its outbox and history entries")
    func oneTransaction() async throws {
        let library = try await LibraryFixture()
        func counts() async throws -> (outbox: Int, history: Int) {
            try await library.database.writer.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE entity = 'book'") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordHistory WHERE entity = 'book'") ?? 0)
            }
        }
        let before = try await counts()
        let result = try await BookImporter(database: library.database).run(try Self.goodreads(), in: library.org)
        let after = try await counts()
        #expect(after.outbox - before.outbox == result.newBooks.count)
        #expect(after.history - before.history == result.newBooks.count)
    }

    @Test("a formula cell left unquoted (=\"0316769487\") still reads as its ISBN")
    func unquotedFormula() throws {
        let text = """
            Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf
            5107,The Catcher in the Rye,J.D. Salinger,="0316769487",="",0,read

            """
        let file = try BookImportFile.parse(text, format: .goodreads)
        #expect(try file.rows[0].fields.get()["isbn"] == "0316769487")
    }

    /// Found by `make fuzz` (Tests/fuzz/corpus/csv/rating-too-large.csv): a rating too large
    /// for a whole number (an ISBN in the rating column), "nan" or "inf" stopped the import.
    @Test("a rating that is no star count is kept as written, and the preview names it as the row's error")
    func ratingThatIsNoStarCount() async throws {
        let text = """
            Book Id,Title,Author,My Rating
            1,Gilead,Marilynne Robinson,78222222222222223481
            2,Home,Marilynne Robinson,nan
            3,Lila,Marilynne Robinson,-inf
            4,Jack,Marilynne Robinson,4.5

            """
        let file = try BookImportFile.parse(text, format: .goodreads)
        #expect(try file.rows.map { try $0.fields.get()["rating"] } == ["78222222222222223481", "nan", "-inf", "5"])
        let library = try await LibraryFixture()
        let preview = try await BookImporter(database: library.database).preview(file, in: library.org)
        #expect(preview.errors.map(\.row) == [2, 3, 4])
        #expect(preview.errors.allSatisfy { $0.reason.hasPrefix("rating:") }, "\(preview.errors.map(\.reason))")
        #expect(preview.newBooks.map(\.title) == ["Jack"])
    }

    @Test("a file that is not a Goodreads export is refused, naming the missing column")
    func notGoodreads() {
        #expect(throws: BookImportError.missingColumns(["Author"], format: .goodreads)) {
            try BookImportFile.parse("Title,Writer\nGilead,Marilynne Robinson\n", format: .goodreads)
        }
        #expect(throws: BookImportError.noRows(file: "")) {
            try BookImportFile.parse("Title,Author\n", format: .goodreads)
        }
    }

    @Test("a Libib export: ISBN-13 or ISBN-10, creators, status; films and games are rows with errors")
    func libib() throws {
        let text = """
            item_type,title,creators,first_name,last_name,collection,ean_isbn13,upc_isbn10,description,publisher,publish_date,group,tags,notes,price,length,number_of_discs,number_of_players,age_group,ensemble,aspect_ratio,esrb,rating,review,review_date,status,began,completed,added,copies
            book,Gilead,Marilynne Robinson,Marilynne,Robinson,Church library,9780312424947,0312424949,A letter from a father,Picador,2006-01-10,,"faith, fiction",Shelf B,15.00,247,,,,,,,4.5,Quiet and deep.,2021-04-01,Completed,2021-03-01,2021-03-20,2021-02-27,1
            movie,The Mission,Roland Joffé,Roland,Joffé,Church library,,,,,1986,,,,,,,,,,,,0,,,Not begun,,,2021-02-27,1
            book,Home,Marilynne Robinson,Marilynne,Robinson,Church library,,0312428146,,Picador,2009,,,,,,,,,,,,0,,,Not begun,,,2021-02-28 10:22:01,1
            """
        let file = try BookImportFile.parse(text, format: .libib)
        let gilead = try file.rows[0].fields.get()
        #expect(gilead["isbn"] == "9780312424947")
        #expect(gilead["authors"] == "Marilynne Robinson")
        #expect(gilead["rating"] == "5", "half stars round")
        #expect(gilead["read"] == "yes")
        #expect(gilead["tags"] == "faith, fiction")
        #expect(gilead["published"] == "2006-01-10")
        #expect(throws: BookImportRowProblem.self) { try file.rows[1].fields.get() }
        let home = try file.rows[2].fields.get()
        #expect(home["isbn"] == "0312428146")
        #expect(home["addedOn"] == "2021-02-28")
        #expect(home["read"] == "no")
    }

    @Test("any CSV: columns named like fields are read, --map names the others, and mistakes in the mapping are refused")
    func mappedCSV() async throws {
        let text = "Book Title;Writer;to-read;Code;Shelf note\nGilead;Marilynne Robinson;yes;978-0-312-42494-7;top\nHome;;no;;\n"
        let file = try BookImportFile.parse(text, format: .csv, mapping: ["Book Title": "title", "Writer": "authors", "Code": "isbn"])
        let gilead = try file.rows[0].fields.get()
        #expect(gilead == ["title": "Gilead", "authors": "Marilynne Robinson", "toRead": "yes", "isbn": "978-0-312-42494-7"])
        let library = try await LibraryFixture()
        let preview = try await BookImporter(database: library.database).preview(file, in: library.org)
        #expect(preview.newBooks.map(\.title) == ["Gilead"])
        #expect(preview.duplicates.map(\.row) == [3], "Home, no author, is the catalogue's Home")
        #expect(preview.newBooks[0].isbn == "9780312424947")

        let auto = try BookImportFile.parse("title,ISBN,Added on\nLila,9780374187613,2014/10/07\n", format: .csv)
        #expect(try auto.rows[0].fields.get() == ["title": "Lila", "isbn": "9780374187613", "addedOn": "2014-10-07"])
        #expect(throws: BookImportError.noTitleColumn(columns: ["Name", "Code"])) {
            try BookImportFile.parse("Name,Code\nLila,1\n", format: .csv)
        }
        #expect(throws: BookImportError.unknownColumn("Nom", columns: ["Name", "Code"])) {
            try BookImportFile.parse("Name,Code\nLila,1\n", format: .csv, mapping: ["Nom": "title"])
        }
        #expect(throws: BookImportError.unknownField("colour")) {
            try BookImportFile.parse("Name,Code\nLila,1\n", format: .csv, mapping: ["Name": "colour"])
        }
        #expect(throws: BookImportError.badMapping("Name")) { try BookImportFile.mapping(["Name"]) }
        #expect(try BookImportFile.mapping(["Book Title=title", " Code = isbn "]) == ["Book Title": "title", "Code": "isbn"])
    }
}
