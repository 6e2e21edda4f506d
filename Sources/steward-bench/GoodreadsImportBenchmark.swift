import Foundation
import GRDB
import StewardCore

/// A Goodreads export of `count` books imported into an empty catalogue, against raw SQLite
/// inserts of the same books into the same schema, measured in the same run: rounds of each
/// side alternating, their medians compared (a virtual machine's disk makes one round swing).
struct GoodreadsImportBenchmark {
    let count: Int
    let rounds: Int
    let folder: URL

    struct Result {
        let count: Int
        let fileKiB: Int
        let rates: RateAgainstRaw
        var ratio: Double { rates.ratio }

        /// The report's lines.
        var report: String {
            "Import of a \(count)-row Goodreads export (\(fileKiB) KiB; medians of rounds, alternating)\n"
                + rates.lines(steward: "CSV read, rows checked, duplicates looked up, books + outbox + history + search index written",
                              raw: "one prepared INSERT per book, one transaction, nothing checked, no outbox, history or index",
                              unit: "books")
        }
    }

    func run() async throws -> Result {
        let org = Organization(slug: "bench-import", name: "Bench Import", timeZoneIdentifier: "America/Toronto", kind: .library)
        let text = Self.goodreadsExport(count)
        // The raw side gets its rows ready-made: no CSV, no validation.
        let rows = (0..<count).map { n in
            JSONValue.object(["title": .string(LibraryBenchmark.title(n)),
                              "authors": .string(LibraryBenchmark.names[n % LibraryBenchmark.names.count]),
                              "isbn": .string(LibraryBenchmark.isbn(n)), "addedOn": .string("2024-01-05")]).canonicalText
        }
        var stewardTimes: [Double] = []
        var rawTimes: [Double] = []
        var imported = 0
        for round in 1...rounds {
            let steward = try AppDatabase.open(path: folder.appendingPathComponent("import-steward-\(round).sqlite").path)
            try await steward.writer.write { db in try org.insert(db) }
            let raw = try AppDatabase.open(path: folder.appendingPathComponent("import-raw-\(round).sqlite").path)
            try await raw.writer.write { db in try org.insert(db) }
            stewardTimes.append(try await Stopwatch.seconds {
                let file = try BookImportFile.parse(text, format: .goodreads)
                imported = try await BookImporter(database: steward).run(file, in: org).newBooks.count
            })
            rawTimes.append(try await Stopwatch.seconds { try await Self.rawInsert(rows, org: org, into: raw) })
        }
        return Result(count: count, fileKiB: text.utf8.count / 1024,
                      rates: RateAgainstRaw(written: imported, rawRows: count,
                                            stewardSeconds: stewardTimes.median, rawSeconds: rawTimes.median))
    }

    /// One prepared INSERT per book into the record table, in one transaction.
    private static func rawInsert(_ rows: [String], org: Organization, into database: AppDatabase) async throws {
        try await database.writer.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
                VALUES ('book', ?, ?, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, ?)
                """)
            let orgKey = org.id.uuidString.lowercased()
            for fields in rows {
                try statement.execute(arguments: [UUID().uuidString.lowercased(), orgKey, fields])
            }
        }
    }

    /// A Goodreads export as Goodreads writes it: `count` books, ISBNs in formula quotes.
    static func goodreadsExport(_ count: Int) -> String {
        var lines = ["Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,"
                     + "Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
                     + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"]
        let words = LibraryBenchmark.words, names = LibraryBenchmark.names
        for n in 0..<count {
            let isbn13 = LibraryBenchmark.isbn(n)
            let author = names[n % names.count]
            let parts = author.split(separator: " ")
            lines.append("\(100_000 + n),\(LibraryBenchmark.title(n)),\(author),\"\(parts.last!), \(parts.first!)\",,\"=\"\"\"\"\","
                         + "\"=\"\"\(isbn13)\"\"\",\(n % 6),3.9\(n % 10),Vintage,Paperback,\(200 + n % 300),2004,1999,,"
                         + "2024/01/05,\(words[n % 5]),\(words[n % 5]) (#\(n)),\(n % 3 == 0 ? "read" : "to-read"),,,,"
                         + "\(n % 3 == 0 ? 1 : 0),1")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
