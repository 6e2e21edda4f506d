import Foundation
import StewardCore
import Testing

/// `stewardctl books import`: the preview, --dry-run, --json, the same Goodreads export twice,
/// a mapped CSV, and the refusals (exit 2) that name what to fix.
@Suite("stewardctl books import")
struct BooksImportCommandTests {
    static let goodreads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("library/goodreads_library_export.csv").path

    @Test("--dry-run prints the preview with row numbers and reasons and writes nothing")
    func dryRun() async throws {
        let cli = try await CLI.library()
        let result = try await cli("books", "import", "--goodreads", Self.goodreads, "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "New books (9):")
        #expect(result.stdout.contains("  row 10  The Catcher in the Rye — J.D. Salinger: same title and author as row 2 of this file\n"))
        #expect(result.stdout.contains("  row 9  isbn: The check digit should be 1, not 2"))
        #expect(result.stdout.contains("  row 11  title: is required\n"))
        #expect(result.stdoutLines.last == "Nothing was written (--dry-run).")
        #expect(try await cli("books", "list", "--json").json() == .array([]))
    }

    @Test("importing the same Goodreads export twice adds its books once; --json names each row")
    func twice() async throws {
        let cli = try await CLI.library()
        let first = try await cli("books", "import", "--goodreads", Self.goodreads, "--json").json()
        #expect(first["format"] == .string("goodreads"))
        #expect(first["dryRun"] == .bool(false))
        #expect(first["written"] == .int(9))
        let catcher = try #require(first["newBooks"]?.arrayValue?.first)
        #expect(catcher["row"] == .int(2))
        #expect(catcher["isbn"] == .string("9780316769488"))
        #expect(catcher["id"]?.stringValue?.count == 36)
        #expect(first["errors"] == .array([
            .object(["row": .int(9), "reason": .string("isbn: The check digit should be 1, not 2: check the number for a mistyped or swapped digit")]),
            .object(["row": .int(11), "reason": .string("title: is required")]),
        ]))
        let second = try await cli("books", "import", "--goodreads", Self.goodreads, "--json").json()
        #expect(second["written"] == .int(0))
        #expect(second["newBooks"] == .array([]))
        let duplicates = try #require(second["duplicates"]?.arrayValue)
        #expect(duplicates.count == 10)
        #expect(duplicates.first?["existing"] == catcher["id"])
        #expect(duplicates.first?["match"] == .string("isbn"))
        #expect(try await cli("books", "list", "--json").json().items.count == 9)
        let text = try await cli("books", "import", "--goodreads", Self.goodreads)
        #expect(text.stdoutLines.last == "Imported 0 books.")
    }

    @Test("a plain CSV with --map; bad files and mappings exit 2 saying what to fix")
    func mappedAndRefused() async throws {
        let cli = try await CLI.library()
        let file = cli.folder.appendingPathComponent("books.csv")
        try "Book Title,Writer,ISBN\nGilead,Marilynne Robinson,978-0-312-42494-7\n".write(to: file, atomically: true, encoding: .utf8)
        let mapped = try await cli("books", "import", "--csv", file.path, "--map", "Book Title=title", "--map", "Writer=authors", "--json").json()
        #expect(mapped["written"] == .int(1))
        #expect(mapped["newBooks"]?.arrayValue?.first?["isbn"] == .string("9780312424947"))

        let noTitle = try await cli("books", "import", "--csv", file.path)
        #expect(noTitle.status == 2)
        #expect(noTitle.stderr.hasPrefix("stewardctl: map: no column holds the books' titles; name it with --map COLUMN=title"))
        let unknownColumn = try await cli("books", "import", "--csv", file.path, "--map", "Name=title")
        #expect(unknownColumn.status == 2)
        #expect(unknownColumn.stderr.hasPrefix("stewardctl: map: the file has no column \"Name\"; its columns are: Book Title, Writer, ISBN"))
        let unknownField = try await cli("books", "import", "--csv", file.path, "--map", "Writer=colour")
        #expect(unknownField.status == 2)
        #expect(unknownField.stderr.hasPrefix("stewardctl: map: a book has no field \"colour\""))
        let notGoodreads = try await cli("books", "import", "--goodreads", file.path)
        #expect(notGoodreads.status == 2)
        #expect(notGoodreads.stderr.hasPrefix("stewardctl: goodreads: this is not a Goodreads export: it has no column \"Title\", \"Author\""))
        let twoFiles = try await cli("books", "import", "--goodreads", file.path, "--csv", file.path)
        #expect(twoFiles.status == 2)
        let missing = try await cli("books", "import", "--libib", cli.folder.appendingPathComponent("none.csv").path)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("stewardctl: libib: cannot read"))
    }
}
