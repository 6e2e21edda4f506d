import Foundation
import StewardCore
import Testing

/// `stewardctl books export`: the catalogue and each list as CSV (printed or to a file, read
/// back by `books import --csv`), as a PDF, and a clear refusal of an unknown list.
@Suite("stewardctl books export")
struct BooksExportCommandTests {
    private static func filled() async throws -> CLI {
        let cli = try await CLI.library()
        let shelf = try await cli("shelves", "add", "--name", "Hall bookcase", "--rows", "6", "--columns", "10", "--json").json()
        let shelfId = try #require(shelf["id"]?.stringValue)
        for arguments in [
            ["--title", "Gilead", "--authors", "Marilynne Robinson", "--isbn", "978-0-312-42494-7", "--wishlist", "yes"],
            ["--title", "Home", "--authors", "Marilynne Robinson", "--favourite", "yes", "--shelf", shelfId,
             "--shelf-row", "2", "--shelf-column", "5"],
            ["--title", "=SUM(A1), \"quoted\"", "--to-read", "yes", "--notes", "two\nlines"],
        ] {
            let added = try await cli.run(["--db", cli.databasePath, "books", "add"] + arguments)
            try #require(added.status == 0, "\(added.stderr)")
        }
        return cli
    }

    @Test("the catalogue as CSV on standard output: labels, values as add takes them, the place in words")
    func catalogue() async throws {
        let cli = try await Self.filled()
        let result = try await cli("books", "export")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines[0] == "Title,Authors,ISBN,Publisher,Published,Language,Genre,Added on,Tags,Notes,Favourite,To read,Read,Wishlist,Rating,Review,Place")
        #expect(lines[1].hasPrefix("'=SUM(A1)") == false)
        #expect(lines[1].hasPrefix("\"'=SUM(A1), \"\"quoted\"\"\",,"))
        #expect(result.stdout.contains("\"two\nlines\""))
        #expect(lines.contains { $0.hasPrefix("Gilead,Marilynne Robinson,9780312424947,") && $0.hasSuffix(",no,no,no,yes,,,") })
        #expect(lines.contains { $0.hasPrefix("Home,") && $0.hasSuffix(",\"Hall bookcase, row 2, column 5\"") })
    }

    @Test("each list holds only its books; --csv writes a file that books import reads back")
    func lists() async throws {
        let cli = try await Self.filled()
        func titles(_ list: String) async throws -> [String] {
            let result = try await cli("books", "export", "--list", list)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
                .map { String($0.prefix { $0 != "," }) }
        }
        #expect(try await titles("wishlist") == ["Gilead"])
        #expect(try await titles("favourites") == ["Home"])
        #expect(try await titles("to-read").count == 1)
        let file = cli.folder.appendingPathComponent("catalogue.csv")
        let written = try await cli("books", "export", "--csv", file.path)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let again = try await cli("books", "import", "--csv", file.path, "--dry-run", "--json").json()
        #expect(again["errors"] == .array([]))
        #expect(again["newBooks"] == .array([]))
        #expect(again["duplicates"]?.arrayValue?.count == 3)
    }

    @Test("--pdf writes the printable list; an unknown list exits 2 naming the lists")
    func pdfAndRefusal() async throws {
        let cli = try await Self.filled()
        let pdf = cli.folder.appendingPathComponent("wishlist.pdf")
        let result = try await cli("books", "export", "--list", "wishlist", "--pdf", pdf.path)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: pdf)
        #expect(data.prefix(5) == Data("%PDF-".utf8))
        let bad = try await cli("books", "export", "--list", "wishes")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("list: must be one of catalogue, wishlist, favourites, to-read (got \"wishes\")"))
        let help = try await cli("books", "export", "--help")
        #expect(help.stdout.contains("--list <list>"))
        #expect(help.stdout.contains("--csv <file>"))
    }
}
