import Foundation
import GRDB
import StewardCore

/// `steward-bench --library [--books N] [--loans N] [--import N]`: the lending library at
/// scale. A library of 100,000 books and 1,000,000 past loans (2,000 still out, 300 of them
/// overdue), written straight into the record table; then a search keystroke on the Books
/// list (exactly what the list does: a page of the search through the kit's index, and the
/// shelves' names for the Shelf column), the overdue report, and importing a 20,000-row Goodreads export against raw
/// SQLite inserts of the same books measured in the same run.
struct LibraryBenchmark {
    let bookCount: Int
    let loanCount: Int
    let importCount: Int
    let folder: URL

    static func run(arguments: [String], folder: URL) async throws -> Bool {
        func option(_ name: String, _ fallback: Int) -> Int {
            Benchmarks.value(of: name, in: arguments).flatMap(Int.init) ?? fallback
        }
        let bench = LibraryBenchmark(bookCount: option("--books", 100_000), loanCount: option("--loans", 1_000_000),
                                     importCount: option("--import", 20_000), folder: folder)
        return try await bench.run()
    }

    static let words = ["garden", "river", "winter", "harbour", "lantern", "orchard", "meadow", "silver", "north",
                        "stone", "bridge", "summer", "forest", "island", "valley", "letters", "journey", "kitchen"]
    static let names = ["Ann Lee", "Ben Okafor", "Maria Silva", "Tara Tremblay", "Farid Garcia", "Priya Brown",
                        "Liam Haddad", "Esther Martin", "Samuel Murphy", "Olu Murray"]

    /// A valid ISBN-13 for book number `n` (978 prefix, the check digit computed).
    static func isbn(_ n: Int) -> String {
        let body = "978" + String(format: "%09d", n)
        let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }

    /// The kinds of query timed, as typed: letter by letter, or one query asked again.
    struct SearchKind {
        let name: String
        let typed: [String]
        let rounds: Int

        static func typing(_ name: String, _ phrase: String, rounds: Int = 3) -> SearchKind {
            SearchKind(name: name, typed: (1...phrase.count).map { String(phrase.prefix($0)) }, rounds: rounds)
        }

        static func repeated(_ name: String, _ query: String, times: Int = 20) -> SearchKind {
            SearchKind(name: name, typed: [query], rounds: times)
        }
    }

    static let searchKinds: [SearchKind] = [
        .typing("title words (\"lantern orch\")", "lantern orch"),
        .typing("title word and number (\"river 4711\")", "river 4711"),
        .typing("author (\"maria silva\")", "maria silva"),
        .typing("tag (\"harbour\")", "harbour"),
        .repeated("ISBN prefix, 3 digits (\"978\")", "978"),
        .repeated("ISBN prefix, 4 digits (\"9780\")", "9780"),
        .repeated("ISBN prefix, 10 digits", "9780000471"),
        .typing("ISBN-13 typed whole", isbn(4711)),
        .typing("ISBN-10 with hyphens", "0-000-04711"),
    ]

    static func title(_ n: Int) -> String {
        "\(words[n % words.count].capitalized) \(words[(n / 7) % words.count]) \(n)"
    }

    func run() async throws -> Bool {
        var met = true
        say("steward-bench --library: \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let org = Organization(slug: "bench-library", name: "Bench Library", timeZoneIdentifier: "America/Toronto", kind: .library)
        let database = try AppDatabase.open(path: folder.appendingPathComponent("library.sqlite").path)
        try await database.writer.write { db in try org.insert(db) }
        let fill = try await Stopwatch.secondsAsync { try await fillLibrary(database, org: org) }
        say("Built \(bookCount) books, 3 shelves, \(Self.names.count * 10) borrowers and \(loanCount) loans in \(format(fill, 1)) s")
        // The rows went straight into the record table: their search index is built in one go, as
        // the migration does for a library kept before it.
        let indexing = try await Stopwatch.secondsAsync { try await database.writer.write { db in try RecordSearchIndex.rebuild(db) } }
        say("Indexed \(bookCount) books for search in \(format(indexing, 1)) s")

        // 1. A keystroke in the Books list's search, by kind of query: each kind typed letter by
        // letter (or its one query repeated) for a few rounds.
        let records = RecordService(database: database)
        var keystrokes: [Double] = []
        var firstLetter = ""
        var isbn10Found = 0
        var lines: [String] = []
        for kind in Self.searchKinds {
            var times: [Double] = []
            for _ in 0..<kind.rounds {
                for text in kind.typed {
                    let start = Stopwatch.now()
                    let found = try await records.page(.book, in: org, search: text, limit: RecordService.indexedPageSize)
                    _ = try await records.titles(of: RecordType.shelf.entity, in: org)
                    times.append(Stopwatch.milliseconds(since: start))
                    if text == "l" { firstLetter = "\(found.totalIsLowerBound ? "more than " : "")\(found.total)" }
                    if text == "0-000-04711" { isbn10Found = found.total }
                }
            }
            keystrokes += times
            lines.append("  \(kind.name.padding(toLength: 34, withPad: " ", startingAt: 0)) median \(format(times.median).leftPadded(6)) ms"
                         + "   p95 \(format(times.percentile(0.95)).leftPadded(6)) ms   (\(times.count) keystrokes)")
        }
        let searchMet = keystrokes.percentile(0.95) < 16
        met = met && searchMet
        say("""

        Books search as you type (\(keystrokes.count) keystrokes over \(bookCount) books; the list's own calls)
        \(lines.joined(separator: "\n"))
          all kinds: median \(format(keystrokes.median)) ms, p95 \(format(keystrokes.percentile(0.95))) ms, max \(format(keystrokes.max() ?? 0)) ms
          (a one-letter query matched \(firstLetter) books, of which the list shows \(RecordService.indexedPageSize);
          the ISBN-10 prefix "0-000-04711" found \(isbn10Found) books kept by their ISBN-13)
          p95 under one frame (16 ms): \(searchMet ? "goal met" : "GOAL MISSED")
        """)

        // 1b. Opening the Books list unsearched: its first page and the count, as the list reads them.
        var openTimes: [Double] = []
        var shown = 0
        for _ in 0..<20 {
            let start = Stopwatch.now()
            let page = try await records.page(.book, in: org, limit: RecordService.indexedPageSize)
            _ = try await records.titles(of: RecordType.shelf.entity, in: org)
            openTimes.append(Stopwatch.milliseconds(since: start))
            shown = page.records.count
        }
        var wholeList: [Double] = []
        for _ in 0..<3 {
            let start = Stopwatch.now()
            _ = try await records.page(.book, in: org, limit: nil)
            wholeList.append(Stopwatch.milliseconds(since: start))
        }
        let openMet = openTimes.percentile(0.95) < 16
        met = met && openMet
        say("""

        Books list opened unsearched (20 runs): \(shown) of \(bookCount) books shown
          first page: median \(format(openTimes.median)) ms, p95 \(format(openTimes.percentile(0.95))) ms (every book, as before paging: median \(format(wholeList.median)) ms)
          p95 under one frame (16 ms): \(openMet ? "goal met" : "GOAL MISSED")
        """)

        // 2. The overdue report.
        let loans = LoanService(database: database)
        var reportTimes: [Double] = []
        var overdue = 0
        for _ in 0..<20 {
            let start = Stopwatch.now()
            let report = try await loans.report(.overdue, in: org)
            reportTimes.append(Stopwatch.milliseconds(since: start))
            overdue = report.loanCount
        }
        let reportMet = reportTimes.median < 50
        met = met && reportMet
        say("""

        Overdue report (20 runs, \(loanCount) loans of which \(overdue) overdue, grouped by borrower)
          median \(format(reportTimes.median)) ms, p95 \(format(reportTimes.percentile(0.95))) ms, max \(format(reportTimes.max() ?? 0)) ms
          under 50 ms: \(reportMet ? "goal met" : "GOAL MISSED")
        """)

        // 3. A Goodreads export imported, against raw inserts of the same books (see also
        // `steward-bench --bulk`, which quotes the median of rounds).
        let imported = try await GoodreadsImportBenchmark(count: importCount, rounds: 1, folder: folder).run()
        say("\n" + imported.report)
        say(met ? "\nLibrary speed goals met." : "\nSome library speed goals were missed.")
        return met
    }

    /// The library, written in 50,000-row transactions straight into the record table: what a
    /// console holds after years of lending.
    private func fillLibrary(_ database: AppDatabase, org: Organization) async throws {
        let orgKey = org.id.uuidString.lowercased()
        let insert = { @Sendable (db: Database, rows: [(String, String, String)]) throws in
            try Self.insert(db, rows, orgKey: orgKey)
        }
        let shelves = (0..<3).map { _ in UUID().uuidString.lowercased() }
        let borrowers = (0..<(Self.names.count * 10)).map { _ in UUID().uuidString.lowercased() }
        let books = (0..<bookCount).map { _ in UUID().uuidString.lowercased() }
        try await database.writer.write { db in
            try insert(db, shelves.enumerated().map { index, id in
                ("shelf", id, JSONValue.object(["name": .string("Shelf \(index + 1)"), "rows": .int(8), "columns": .int(12)]).canonicalText)
            })
            try insert(db, borrowers.enumerated().map { index, id in
                ("borrower", id, JSONValue.object(["name": .string("\(Self.names[index % Self.names.count]) \(index)"),
                                                   "phone": .string("416-555-\(String(format: "%04d", index))"),
                                                   "email": .string("reader\(index)@example.org")]).canonicalText)
            })
        }
        for start in stride(from: 0, to: bookCount, by: 50_000) {
            try await database.writer.write { db in
                try insert(db, (start..<min(start + 50_000, bookCount)).map { n in
                    ("book", books[n], JSONValue.object([
                        "title": .string(Self.title(n)), "authors": .string(Self.names[n % Self.names.count]),
                        "isbn": .string(Self.isbn(n)), "shelf": .string(shelves[n % 3]), "tags": .string(Self.words[n % 5]),
                        "favourite": .bool(false), "read": .bool(false), "toRead": .bool(false), "wishlist": .bool(false),
                    ]).canonicalText)
                })
            }
        }
        let today = LoanService.today(in: org)
        let openLoans = min(2_000, loanCount)
        for start in stride(from: 0, to: loanCount, by: 50_000) {
            try await database.writer.write { db in
                try insert(db, (start..<min(start + 50_000, loanCount)).map { n in
                    let open = n < openLoans
                    let lent = today.adding(days: open ? -(n % 40) : -(40 + n % 3000))
                    // 300 of the open loans are past due.
                    let due = open && n < 300 ? today.adding(days: -(1 + n % 20)) : lent.adding(days: 21)
                    var fields: [String: JSONValue] = [
                        "book": .string(books[n % books.count]), "borrower": .string(borrowers[n % borrowers.count]),
                        "lentOn": .string(lent.description), "dueOn": .string(due.description), "renewals": .int(0),
                        "state": .string(open ? "out" : "returned"),
                    ]
                    if !open { fields["returnedOn"] = .string(lent.adding(days: 14).description) }
                    return ("loan", UUID().uuidString.lowercased(), JSONValue.object(fields).canonicalText)
                })
            }
        }
    }

    private static func insert(_ db: Database, _ rows: [(String, String, String)], orgKey: String) throws {
        let stamp = "2026-01-01T00:00:00.000Z"
        let statement = try db.cachedStatement(sql: """
            INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
            VALUES (?, ?, ?, 1, ?, ?, 0, ?)
            """)
        for (entity, id, fields) in rows { try statement.execute(arguments: [entity, id, orgKey, stamp, stamp, fields]) }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

extension Stopwatch {
    static func secondsAsync(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return Double(now() - start) / 1e9
    }
}
