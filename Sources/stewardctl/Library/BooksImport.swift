import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl books import --goodreads|--libib|--csv FILE [--map COLUMN=FIELD ...] [--dry-run] [--json]`
struct BooksImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import books from a Goodreads or Libib export, or any CSV with a column mapping, after a preview.",
        discussion: """
            The preview lists the new books, the rows that are books the library has already \
            (same ISBN, else same title and first author; or an earlier row of the file), and the \
            rows that cannot be imported, each with its row number (the header is row 1) and why. \
            The new books are then written a thousand rows to a transaction, each book whole; \
            should a batch fail, the books before it stay and the error says how many and from \
            which row to import again. With --dry-run nothing is written. Importing the same file twice adds no book twice. A plain CSV's columns \
            named like a book's fields (title, authors, isbn, to-read, "Added on", …) are read \
            as those; --map names the others, and may also change a Goodreads or Libib column's \
            field. With --json: {"format", "file", "dryRun", "written", "newBooks": [{"row", \
            "id", "title", "authors", "isbn"}], "duplicates": [{"row", "title", "authors", "isbn", \
            "match" ("isbn" or "title-author"), "existing", "earlierRow"}], "errors": [{"row", "reason"}]}.
            """)

    @Option(help: ArgumentHelp("A Goodreads library export (My Books → Import and export → Export Library).", valueName: "file"))
    var goodreads: String?
    @Option(help: ArgumentHelp("A Libib library export (CSV).", valueName: "file"))
    var libib: String?
    @Option(help: ArgumentHelp("Any CSV of books with a header row.", valueName: "file"))
    var csv: String?
    @Option(parsing: .singleValue,
            help: ArgumentHelp("Read a column into a book field, like \"Book Title=title\"; repeat for more columns.",
                               valueName: "COLUMN=FIELD"))
    var map: [String] = []
    @Flag(help: "Only show the preview; write nothing.")
    var dryRun = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let (format, path, option) = try source()
        let file: BookImportFile
        do {
            let mapping = try BookImportFile.mapping(map)
            file = try BookImportFile.parse(try read(path), format: format, mapping: mapping, file: path)
        } catch let error as BookImportError {
            let at: String
            switch error {
            case .badMapping, .unknownColumn, .unknownField, .noTitleColumn: at = "map"
            default: at = option
            }
            throw CLIError.usage(at + ": " + error.description)
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let importer = BookImporter(database: database)
        let preview = dryRun ? try await importer.preview(file, in: organization)
                             : try await importer.run(file, in: organization)
        let written = dryRun ? 0 : preview.newBooks.count
        if output.json {
            Console.printJSON(json(preview, file: path, written: written))
        } else {
            Console.print(lines(preview, written: written))
        }
    }

    private func source() throws -> (BookImportFormat, String, String) {
        let given = [(BookImportFormat.goodreads, goodreads, "goodreads"), (.libib, libib, "libib"), (.csv, csv, "csv")]
            .compactMap { format, path, option in path.map { (format, $0, option) } }
        guard given.count == 1, let only = given.first else {
            throw CLIError.usage(given.isEmpty
                ? tr("say which file to import: --goodreads FILE, --libib FILE or --csv FILE")
                : tr("give one file to import: --goodreads, --libib or --csv, not several"))
        }
        return only
    }

    private func read(_ path: String) throws(BookImportError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(file: path, problem: OneLine.text(error))
        }
    }

    private func json(_ preview: BookImportPreview, file: String, written: Int) -> JSONValue {
        .object([
            "format": .string(preview.format.name), "file": .string(file), "dryRun": .bool(dryRun),
            "written": .int(Int64(written)),
            "newBooks": .array(preview.newBooks.map { book in
                .object([
                    "row": .int(Int64(book.row)), "id": dryRun ? .null : .string(key(book.id)),
                    "title": .string(book.title), "authors": .string(book.authors), "isbn": .string(book.isbn),
                ])
            }),
            "duplicates": .array(preview.duplicates.map { duplicate in
                .object([
                    "row": .int(Int64(duplicate.row)), "title": .string(duplicate.title),
                    "authors": .string(duplicate.authors), "isbn": .string(duplicate.isbn),
                    "match": .string(duplicate.match.rawValue), "existing": .optional(duplicate.existing.map(key)),
                    "earlierRow": duplicate.earlierRow.map { .int(Int64($0)) } ?? .null,
                ])
            }),
            "errors": .array(preview.errors.map { .object(["row": .int(Int64($0.row)), "reason": .string($0.reason)]) }),
        ])
    }

    private func lines(_ preview: BookImportPreview, written: Int) -> [String] {
        func row(_ number: Int) -> String { tr("row {row}", ["row": String(number)]) }
        func book(_ title: String, _ authors: String, _ isbn: String) -> String {
            [title, authors, isbn].filter { !$0.isEmpty }.joined(separator: " — ")
        }
        var lines = [trn("New book ({count}):", "New books ({count}):", preview.newBooks.count)]
        lines += preview.newBooks.map { "  \(row($0.row))  " + book($0.title, $0.authors, $0.isbn) }
        lines.append(trn("Already in the library ({count}):", "Already in the library ({count}):", preview.duplicates.count))
        lines += preview.duplicates.map { duplicate in
            let why: String
            switch (duplicate.match, duplicate.existing, duplicate.earlierRow) {
            case (.isbn, let id?, _):
                why = tr("same ISBN as book {id} “{title}”", ["id": key(id), "title": duplicate.existingTitle])
            case (.titleAndAuthor, let id?, _):
                why = tr("same title and author as book {id}", ["id": key(id)])
            case (.isbn, nil, let earlier):
                why = tr("same ISBN as row {row} of this file", ["row": String(earlier ?? 0)])
            case (.titleAndAuthor, nil, let earlier):
                why = tr("same title and author as row {row} of this file", ["row": String(earlier ?? 0)])
            }
            return "  \(row(duplicate.row))  " + book(duplicate.title, duplicate.authors, duplicate.isbn) + ": " + why
        }
        lines.append(trn("Row with errors ({count}):", "Rows with errors ({count}):", preview.errors.count))
        lines += preview.errors.map { "  \(row($0.row))  \($0.reason)" }
        lines.append(dryRun ? tr("Nothing was written (--dry-run).")
                            : trn("Imported {count} book.", "Imported {count} books.", written))
        return lines
    }

    private func key(_ id: UUID) -> String { id.uuidString.lowercased() }
}
