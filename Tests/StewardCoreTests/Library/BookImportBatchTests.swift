import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A large import is written `BookImporter.batchSize` rows to a transaction: what it reports
/// is what the catalogue holds, each book whole (its outbox, history and search-index entries
/// with it), across a batch's boundary and when a batch cannot be written.
@Suite("Book imports in batches")
struct BookImportBatchTests {
    /// A plain CSV of `count` books; the book at index `untitled` (if any) has no title.
    static func file(_ count: Int, untitled: Int? = nil) throws -> BookImportFile {
        var lines = ["title,authors"]
        for n in 0..<count {
            lines.append(n == untitled ? ",Nobody Known" : "Book \(n),Author \(n % 7)")
        }
        return try BookImportFile.parse(lines.joined(separator: "\n") + "\n", format: .csv)
    }

    struct Counts: Equatable {
        var books = 0, outbox = 0, history = 0, searchLines = 0
    }

    static func counts(_ library: LibraryFixture) async throws -> Counts {
        try await library.database.writer.read { db in
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
            return Counts(books: try count("SELECT COUNT(*) FROM record WHERE entity = 'book' AND deleted = 0"),
                          outbox: try count("SELECT COUNT(*) FROM outbox WHERE entity = 'book'"),
                          history: try count("SELECT COUNT(*) FROM recordHistory WHERE entity = 'book'"),
                          searchLines: try count("SELECT COUNT(*) FROM recordSearchEntry WHERE entity = 'book'"))
        }
    }

    static func adding(_ counts: Counts, _ books: Int) -> Counts {
        Counts(books: counts.books + books, outbox: counts.outbox + books, history: counts.history + books,
               searchLines: counts.searchLines + books)
    }

    /// The import's error when it stopped part way, nil when it finished.
    static func stopped(_ importer: BookImporter, _ file: BookImportFile, in org: Organization) async -> BookImportStopped? {
        do {
            _ = try await importer.run(file, in: org)
            return nil
        } catch let stop as BookImportStopped {
            return stop
        } catch {
            return nil
        }
    }

    @Test("2,001 rows with a row that is no book in the second batch: that row is reported, every other one imported whole")
    func acrossBatches() async throws {
        #expect(BookImporter.batchSize == 1_000)
        let library = try await LibraryFixture()
        let before = try await Self.counts(library)
        let result = try await BookImporter(database: library.database).run(try Self.file(2_001, untitled: 1_500), in: library.org)
        #expect(result.newBooks.count == 2_000)
        #expect(result.errors.map(\.row) == [1_502], "the header is row 1")
        #expect(result.errors.first?.reason == "title: is required")
        #expect(result.duplicates.isEmpty)
        #expect(Set(result.newBooks.map(\.id)).count == 2_000)
        #expect(try await Self.counts(library) == Self.adding(before, 2_000))
        // Every book reported is stored, with the id reported.
        let stored = try await library.database.writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT id FROM record WHERE entity = 'book'"))
        }
        #expect(result.newBooks.allSatisfy { stored.contains($0.id.uuidString.lowercased()) })

        let again = try await BookImporter(database: library.database).run(try Self.file(2_001, untitled: 1_500), in: library.org)
        #expect(again.newBooks.isEmpty)
        #expect(again.duplicates.count == 2_000, "books of both batches are found in the catalogue")
        #expect(again.duplicates.allSatisfy { $0.existing != nil })
    }

    @Test("an import stopped by a batch that cannot be written keeps the batches before it, each book whole, and says so")
    func stoppedPartWay() async throws {
        let library = try await LibraryFixture()
        let before = try await Self.counts(library)
        // The second batch meets a write the database refuses, as a full disk would.
        try await library.database.writer.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_book_1500 BEFORE INSERT ON record
                WHEN NEW.entity = 'book' AND json_extract(NEW.fields, '$.title') = 'Book 1500'
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                """)
        }
        let importer = BookImporter(database: library.database)
        let stop = try #require(await Self.stopped(importer, try Self.file(2_001), in: library.org))
        #expect(stop.imported.newBooks.count == 1_000)
        #expect(stop.imported.newBooks.last?.row == 1_001)
        #expect(stop.stoppedAtRow == 1_002)
        #expect(stop.description.contains("1000") || stop.description.contains("1,000"), "\(stop.description)")
        #expect(try await Self.counts(library) == Self.adding(before, 1_000), "the failed batch left nothing behind")

        try await library.database.writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_book_1500") }
        let rest = try await importer.run(try Self.file(2_001), in: library.org)
        #expect(rest.newBooks.count == 1_001)
        #expect(rest.newBooks.first?.row == 1_002)
        #expect(rest.duplicates.count == 1_000)
        #expect(try await Self.counts(library) == Self.adding(before, 2_001))
    }

    @Test("a book another write adds between two batches is found, not imported again")
    func addedBetweenBatches() async throws {
        let library = try await LibraryFixture()
        let file = try Self.file(3)
        // Batches of one row: "Book 2" comes into the catalogue (a sync, say) after the first.
        let start = BookImportPlan(format: file.format, org: library.org, today: library.today)
        let first = try await library.database.writer.write { db in
            var plan = start
            try plan.learnCatalogue(db)
            try plan.sort(file.rows[0..<1], db)
            try plan.skipRowsWrittenHere(db)
            return plan
        }
        let synced = try await library.records.create(.book, fields: .object(["title": .string("Book 2"),
                                                                              "authors": .string("Author 2")]), in: library.org)
        let plan = try await library.database.writer.read { db in
            var plan = first
            try plan.learnCatalogue(db)
            try plan.sort(file.rows[1...], db)
            return plan
        }
        #expect(plan.preview.newBooks.map(\.row) == [2, 3])
        #expect(plan.preview.duplicates.map(\.row) == [4])
        #expect(plan.preview.duplicates.first?.existing == synced.id)
    }
}
