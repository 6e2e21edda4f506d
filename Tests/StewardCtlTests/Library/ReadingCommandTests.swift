import Foundation
import StewardCore
import Testing

/// Reviews, reading lists and `books readers`: the kit's nouns for the first two, and who has
/// read a book from its loans, as text and JSON.
@Suite("stewardctl reviews, reading-lists, books readers")
struct ReadingCommandTests {
    @Test("reviews add and list, newest first; a review's date is today when not given")
    func reviews() async throws {
        let cli = try await CLI.library()
        let book = try #require(try await cli.addRecord("books", ["--title", "Gilead"])["id"]?.stringValue)
        let ann = try #require(try await cli.addRecord("borrowers", ["--name", "Ann Lee"])["id"]?.stringValue)
        let older = try await cli.addRecord("reviews", ["--book", book, "--reviewer", ann, "--date", "2026-03-02",
                                                        "--rating", "4", "--text", "Slow, then wonderful."])
        #expect(older["rating"] == .int(4))
        #expect(older["reviewer"] == .string(ann))
        let newer = try await cli.addRecord("reviews", ["--book", book, "--text", "Staff pick."])
        #expect(newer["date"] == .string(LocalDate(Date(), in: TimeZone(identifier: "America/Toronto")!).description))
        let listed = try await cli("reviews", "list", "--json").json().items
        #expect(listed.map { $0["text"]?.stringValue } == ["Staff pick.", "Slow, then wonderful."])
        let tooMany = try await cli("reviews", "add", "--book", book, "--rating", "6", "--text", "!")
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("rating"), "\(tooMany.stderr)")
    }

    @Test("reading-lists add and list; the same book twice on one list exits 2 naming the list")
    func readingLists() async throws {
        let cli = try await CLI.library()
        let book = try #require(try await cli.addRecord("books", ["--title", "Home"])["id"]?.stringValue)
        let ann = try #require(try await cli.addRecord("borrowers", ["--name", "Ann Lee"])["id"]?.stringValue)
        let entry = try await cli.addRecord("reading-lists", ["--borrower", ann, "--book", book, "--list", "wish",
                                                              "--added-on", "2026-11-02"])
        #expect(entry["list"] == .string("wish"))
        let twice = try await cli("reading-lists", "add", "--borrower", ann, "--book", book, "--list", "wish")
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("book: is already on Ann Lee's list “Wish list” (added 2026-11-02)"), "\(twice.stderr)")
        _ = try await cli.addRecord("reading-lists", ["--borrower", ann, "--book", book, "--list", "favourite"])
        #expect(try await cli("reading-lists", "list", "--json").json().items.count == 2)
    }

    @Test("books readers: each borrower once with their last loan's day, as text and as JSON")
    func readers() async throws {
        let cli = try await CLI.library()
        let book = try #require(try await cli.addRecord("books", ["--title", "Lila"])["id"]?.stringValue)
        let ann = try #require(try await cli.addRecord("borrowers", ["--name", "Ann Lee"])["id"]?.stringValue)
        let ben = try #require(try await cli.addRecord("borrowers", ["--name", "Ben Okafor"])["id"]?.stringValue)
        #expect(try await cli("books", "readers", book).stdout == "Nobody has borrowed “Lila” yet.\n")
        for (who, lent, back) in [(ann, "2026-09-01", "2026-09-20"), (ben, "2026-10-01", "2026-10-10"), (ann, "2026-11-01", "2026-11-15")] {
            let loan = try #require(try await cli("loans", "lend", "--book", book, "--borrower", who, "--on", lent, "--json").json()["id"]?.stringValue)
            #expect(try await cli("loans", "return", loan, "--on", back).status == 0)
        }
        let json = try await cli("books", "readers", book, "--json").json()
        #expect(json == .array([
            .object(["borrower": .string(ann), "name": .string("Ann Lee"), "lastLentOn": .string("2026-11-01"), "loans": .int(2)]),
            .object(["borrower": .string(ben), "name": .string("Ben Okafor"), "lastLentOn": .string("2026-10-01"), "loans": .int(1)]),
        ]))
        let text = try await cli("books", "readers", book)
        #expect(text.status == 0)
        #expect(text.stdoutLines == ["\(ann)  Ann Lee  last borrowed 2026-11-01 (2 loans)",
                                     "\(ben)  Ben Okafor  last borrowed 2026-10-01 (1 loan)"])
        let unknown = try await cli("books", "readers", "not-an-id")
        #expect(unknown.status == 2)
    }
}
