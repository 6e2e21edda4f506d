import Foundation
import StewardCore
import Testing

/// The lending library's commands: `isbn check`, the kit's commands for books and borrowers,
/// and the loan moves and report, with their exact JSON shapes and exit codes.
@Suite("stewardctl isbn, books, borrowers, loans")
struct LibraryCommandTests {
    @Test("isbn check prints validity and the ISBN-13; a wrong check digit exits 2 naming the expected digit")
    func isbnCheck() async throws {
        let cli = try CLI()
        let valid = try await cli.run(["isbn", "check", "0-316-76948-7"])
        #expect(valid.status == 0)
        #expect(valid.stdout == "valid: ISBN-13 9780316769488\n")
        #expect(try await cli.run(["isbn", "check", "978-0-316-76948-8", "--json"]).json() == .object([
            "input": .string("978-0-316-76948-8"), "valid": .bool(true), "isbn13": .string("9780316769488"),
            "isbn10": .string("0316769487"), "error": .null, "expectedCheckDigit": .null,
        ]))
        let wrong = try await cli.run(["isbn", "check", "0-316-76948-5"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout.isEmpty)
        #expect(wrong.stderrLines.count == 1)
        #expect(wrong.stderr.hasPrefix("stewardctl: isbn: The check digit should be 7, not 5"))
        let wrongJSON = try await cli.run(["isbn", "check", "0-316-76948-5", "--json"])
        #expect(wrongJSON.status == 2)
        let object = try JSONValue.parse(wrongJSON.stdout)
        #expect(object["valid"] == .bool(false))
        #expect(object["isbn13"] == .null)
        #expect(object["expectedCheckDigit"] == .string("7"))
        let short = try await cli.run(["isbn", "check", "12345"])
        #expect(short.status == 2)
        #expect(short.stderr.contains("10 or 13 digits"))
    }

    @Test("books and borrowers come from the kit; a book's ISBN is kept as its ISBN-13 and a bad one exits 2")
    func kitCommands() async throws {
        let cli = try await CLI.library()
        let book = try await cli.addRecord("books", ["--title", "The Catcher in the Rye", "--authors", "J. D. Salinger",
                                               "--isbn", "0-316-76948-7"])
        #expect(book["isbn"] == .string("9780316769488"))
        #expect(book["favourite"] == .bool(false))
        let bad = try await cli("books", "add", "--title", "Typo", "--isbn", "0-316-76948-5")
        #expect(bad.status == 2)
        #expect(bad.stderrLines == ["stewardctl: isbn: The check digit should be 7, not 5: check the number for a mistyped or swapped digit"])
        let borrower = try await cli.addRecord("borrowers", ["--name", "Ann Lee", "--phone", "416-555-0101"])
        #expect(borrower["name"] == .string("Ann Lee"))
        let found = try await cli("books", "list", "--search", "9780316769488", "--json").json().items
        #expect(found.count == 1)
        for command in ["shelves", "lenders", "borrowed-books", "lending-policy"] {
            #expect(try await cli(command, "list", "--json").json() == .array([]), "\(command)")
        }
    }

    @Test("lend, a refused second loan, renew up to the limit, claims-returned, return: each prints the loan")
    func loanMoves() async throws {
        let cli = try await CLI.library()
        let book = try #require(try await cli.addRecord("books", ["--title", "Gilead"])["id"]?.stringValue)
        let ann = try #require(try await cli.addRecord("borrowers", ["--name", "Ann Lee"])["id"]?.stringValue)
        let ben = try #require(try await cli.addRecord("borrowers", ["--name", "Ben Okafor"])["id"]?.stringValue)

        let lent = try await cli("loans", "lend", "--book", book, "--borrower", ann, "--on", "2026-11-20", "--json").json()
        let id = try #require(lent["id"]?.stringValue)
        #expect(lent["book"] == .string(book))
        #expect(lent["borrower"] == .string(ann))
        #expect(lent["lentOn"] == .string("2026-11-20"))
        #expect(lent["dueOn"] == .string("2026-12-11"), "21 days by default")
        #expect(lent["state"] == .string("out"))
        #expect(lent["status"] != nil)
        #expect(lent["renewals"] == .int(0))

        let second = try await cli("loans", "lend", "--book", book, "--borrower", ben)
        #expect(second.status == 2)
        #expect(second.stderr.hasPrefix("stewardctl: book: is already lent to Ann Lee (loan \(id)"), "\(second.stderr)")

        let text = try await cli("loans", "renew", id, "--due", "2027-01-05")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdoutLines.first == id)
        #expect(try await cli("loans", "renew", id, "--json").json()["renewals"] == .int(2))
        let third = try await cli("loans", "renew", id)
        #expect(third.status == 2)
        #expect(third.stderr.contains("renewals: has reached this organization's limit of 2 renewals"))

        let claimed = try await cli("loans", "claims-returned", id, "--on", "2027-01-20", "--json").json()
        #expect(claimed["state"] == .string("claims-returned"))
        #expect(claimed["markedOn"] == .string("2027-01-20"))
        let returned = try await cli("loans", "return", id, "--on", "2027-01-25", "--condition", "Fine", "--json").json()
        #expect(returned["state"] == .string("returned"))
        #expect(returned["returnedOn"] == .string("2027-01-25"))
        #expect(returned["condition"] == .string("Fine"))
        let lost = try await cli("loans", "lost", id)
        #expect(lost.status == 2, "a returned loan is not marked lost")

        let badDate = try await cli("loans", "lend", "--book", book, "--borrower", ben, "--due", "next week")
        #expect(badDate.status == 2)
        #expect(badDate.stderr.hasPrefix("stewardctl: due: must be a date like 2026-12-06"))
        let badId = try await cli("loans", "lend", "--book", "nope", "--borrower", ben)
        #expect(badId.status == 2)
        #expect(badId.stderr.hasPrefix("stewardctl: book: must be a book id"))
        #expect(try await cli("loans", "lend", "--book", book, "--borrower", ben, "--json").json()["borrower"] == .string(ben))
    }

    @Test("loans report --overdue and --due-within, grouped by borrower, in text and JSON")
    func report() async throws {
        let cli = try await CLI.library()
        var books: [String] = []
        for title in ["Gilead", "Home", "Lila"] {
            books.append(try #require(try await cli.addRecord("books", ["--title", title])["id"]?.stringValue))
        }
        let ann = try #require(try await cli.addRecord("borrowers", ["--name", "Ann Lee", "--phone", "416-555-0101",
                                                               "--email", "ann@example.org"])["id"]?.stringValue)
        let ben = try #require(try await cli.addRecord("borrowers", ["--name", "Ben Okafor"])["id"]?.stringValue)
        func lend(_ book: String, _ who: String, due: String) async throws -> String {
            try #require(try await cli("loans", "lend", "--book", book, "--borrower", who, "--on", "2026-11-01", "--due", due,
                                 "--json").json()["id"]?.stringValue)
        }
        let annLate = try await lend(books[0], ann, due: "2026-11-18")
        let benLate = try await lend(books[1], ben, due: "2026-11-10")
        let annSoon = try await lend(books[2], ann, due: "2026-11-23")

        let overdue = try await cli("loans", "report", "--overdue", "--on", "2026-11-20", "--json").json()
        #expect(overdue.items.map { $0["borrower"]?["name"] } == [.string("Ben Okafor"), .string("Ann Lee")])
        let annGroup = overdue.items[1]
        #expect(annGroup == .object([
            "borrower": .object(["id": .string(ann), "name": .string("Ann Lee"), "phone": .string("416-555-0101"),
                                 "email": .string("ann@example.org")]),
            "mostDaysLate": .int(2),
            "loans": .array([.object([
                "id": .string(annLate), "book": .string(books[0]), "title": .string("Gilead"), "authors": .string(""),
                "isbn": .string(""), "lentOn": .string("2026-11-01"), "dueOn": .string("2026-11-18"),
                "daysLate": .int(2), "renewals": .int(0),
            ])]),
        ]))
        #expect(overdue.items[0]["loans"]?.items.first?["id"] == .string(benLate))
        #expect(overdue.items[0]["loans"]?.items.first?["daysLate"] == .int(10))

        let soon = try await cli("loans", "report", "--due-within", "7", "--on", "2026-11-20", "--json").json()
        #expect(soon.items.count == 1)
        #expect(soon.items.first?["loans"]?.items.map { $0["id"] } == [.string(annSoon)])
        #expect(soon.items.first?["loans"]?.items.first?["daysLate"] == .int(-3))

        let text = try await cli("loans", "report", "--overdue", "--on", "2026-11-20")
        #expect(text.status == 0)
        #expect(text.stdoutLines.first == "Ben Okafor")
        #expect(text.stdoutLines.contains("Ann Lee (416-555-0101, ann@example.org)"))
        #expect(text.stdoutLines.contains { $0.contains(annLate) && $0.contains("2 days late") && $0.contains("Gilead") })
        #expect(text.stdoutLines.last == "2 loans, 2 borrowers")
        // Backdated through the contract's options alone: due yesterday, overdue today.
        let extra = try #require(try await cli.addRecord("books", ["--title", "Jack"])["id"]?.stringValue)
        let yesterday = LocalDate(Date(), in: TimeZone(identifier: "America/Toronto")!).adding(days: -1).description
        let backdated = try await cli("loans", "lend", "--book", extra, "--borrower", ben, "--due", yesterday, "--json").json()
        let today = try await cli("loans", "report", "--overdue", "--json").json()
        #expect(today.items.contains { $0["loans"]?.items.contains { $0["id"] == backdated["id"] } == true })
        let none = try await cli("loans", "report", "--overdue", "--on", "2026-11-01")
        #expect(none.stdout == "No overdue loans in maple-street.\n")

        let neither = try await cli("loans", "report")
        #expect(neither.status == 2)
        let both = try await cli("loans", "report", "--overdue", "--due-within", "3")
        #expect(both.status == 2)
        #expect(try await cli("loans", "report", "--due-within", "-1").status == 2)
    }

    @Test("the demo's library answers the overdue report")
    func demoLibrary() async throws {
        let cli = try CLI()
        #expect(try await cli("demo", "load").status == 0)
        let report = try await cli("loans", "report", "--overdue", "--org", "maple-street-library", "--json").json()
        #expect(report.items.reduce(0) { $0 + ($1["loans"]?.items.count ?? 0) } == 15)
        #expect(try await cli("books", "list", "--org", "maple-street-library", "--json").json().items.count == 1_000)
    }
}

extension CLI {
    /// A database with one lending library, `maple-street`.
    static func library() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "maple-street", "--name", "Maple Street Library",
                             "--time-zone", "America/Toronto", "--kind", "library")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }
}
