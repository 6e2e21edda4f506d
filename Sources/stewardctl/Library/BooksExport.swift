import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardPrint
import Translation

/// `stewardctl books export [--list catalogue|wishlist|favourites|to-read] [--csv FILE] [--pdf FILE]`
struct BooksExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the catalogue or a list of books (wishlist, favourites, to read) as CSV or as a printable PDF.",
        discussion: """
            The books come by title. The CSV has one row per book, headed by the book fields' \
            labels, values as `books add` takes them (dates as YYYY-MM-DD, yes or no), and the \
            book's place (shelf, row, column) last: `books import --csv` reads it back. Without \
            --csv or --pdf the CSV is printed. The PDF is the list as the window prints it, on \
            the paper of the locale (LC_PAPER: A4, or US Letter where that is the custom).
            """)

    @Option(help: ArgumentHelp("Which books: \(BookList.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "list"))
    var list: String = BookList.catalogue.rawValue
    @Option(help: ArgumentHelp("Write the CSV to this file.", valueName: "file"))
    var csv: String?
    @Option(help: ArgumentHelp("Write the printable list to this PDF file.", valueName: "file"))
    var pdf: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    func run() async throws {
        guard let chosen = BookList(rawValue: list.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw CLIError.usage("list: " + tr("must be one of {lists} (got \"{value}\")",
                                               ["lists": BookList.allCases.map(\.rawValue).joined(separator: ", "), "value": list]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let export = try await BookListExport.make(chosen, in: organization, records: RecordService(database: database))
        if let pdf {
            do {
                try PDFExport.write(PageLayout(blocks: BookListPrint.blocks(of: export), paper: .ofLocale), to: pdf)
            } catch let error as PDFExportError {
                throw CLIError.usage("pdf: \(error.description)")
            }
        }
        let text = BookListCSV.text(export)
        if let csv {
            do {
                try text.write(toFile: csv, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError.usage("csv: " + tr("could not write {file}: {problem}", ["file": csv, "problem": OneLine.text(error)]))
            }
        } else if pdf == nil {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
