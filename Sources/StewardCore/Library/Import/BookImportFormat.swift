import Foundation
import SwiftCSV

/// Where a catalogue file comes from, which says how its columns become a book's fields.
public enum BookImportFormat: Hashable, Sendable {
    /// Goodreads' "Export Library" CSV, as Goodreads writes it.
    case goodreads
    /// Libib's library export (CSV).
    case libib
    /// Any CSV: columns named like a book's fields (or their labels) are read, and `--map`
    /// names the others.
    case csv

    /// The word the command line and JSON use.
    public var name: String {
        switch self {
        case .goodreads: "goodreads"
        case .libib: "libib"
        case .csv: "csv"
        }
    }

    /// The format a file's header says it is in: Goodreads' and Libib's exports have columns no
    /// other file has; anything else is read as a plain CSV.
    public static func detect(header: [String]) -> BookImportFormat {
        let columns = Set(header.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        if columns.isSuperset(of: ["Book Id", "Exclusive Shelf"]) || columns.isSuperset(of: ["Title", "Author", "ISBN13"]) {
            return .goodreads
        }
        if columns.contains("ean_isbn13") || columns.isSuperset(of: ["item_type", "creators"]) { return .libib }
        return .csv
    }

    /// The format of a whole file's text, from its first line.
    public static func detect(text: String) -> BookImportFormat {
        let firstLine = String(text.prefix { !$0.isNewline })
        return detect(header: (try? EnumeratedCSV(string: firstLine, delimiter: .comma, loadColumns: false))?.header ?? [])
    }

    /// The columns a file of this format must have to be read at all.
    var requiredColumns: [String] {
        switch self {
        case .goodreads: GoodreadsColumns.required
        case .libib: LibibColumns.required
        case .csv: []
        }
    }

    /// The book fields of one row, as text; the book's declaration checks them afterwards.
    func fields(of row: [String: String]) throws(BookImportRowProblem) -> [String: String] {
        switch self {
        case .goodreads: GoodreadsColumns.fields(of: row)
        case .libib: try LibibColumns.fields(of: row)
        case .csv: MappedColumns.fields(of: row)
        }
    }
}

/// Why one row of a file is not imported, in words that say what to fix.
public struct BookImportRowProblem: Error, Hashable, Sendable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
