import Foundation
import Translation

/// Why a file cannot be imported at all (as opposed to a row of it): each says what to do.
public enum BookImportError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(file: String, problem: String)
    case notCSV(file: String, problem: String)
    case noRows(file: String)
    case missingColumns([String], format: BookImportFormat)
    case noTitleColumn(columns: [String])
    case badMapping(String)
    case unknownColumn(String, columns: [String])
    case unknownField(String)

    public var description: String {
        switch self {
        case .unreadable(let file, let problem):
            tr("cannot read {file} ({problem}); give a UTF-8 CSV file", ["file": file, "problem": problem])
        case .notCSV(let file, let problem):
            tr("{file} is not a CSV file this can read ({problem}); check its quotes, or save it again as CSV",
               ["file": file, "problem": problem])
        case .noRows(let file):
            tr("{file} has no rows of books under its header", ["file": file])
        case .missingColumns(let columns, let format):
            tr("this is not a {format} export: it has no column {columns}; check the file, or import it with --csv and --map",
               ["format": Self.formatTitle(format), "columns": columns.map { "\"\($0)\"" }.joined(separator: ", ")])
        case .noTitleColumn(let columns):
            tr("no column holds the books' titles; name it with --map COLUMN=title (the file's columns: {columns})",
               ["columns": columns.joined(separator: ", ")])
        case .badMapping(let text):
            tr("\"{value}\" is not COLUMN=FIELD; write it like --map \"Book Title=title\"", ["value": text])
        case .unknownColumn(let column, let columns):
            tr("the file has no column \"{column}\"; its columns are: {columns}",
               ["column": column, "columns": columns.joined(separator: ", ")])
        case .unknownField(let field):
            tr("a book has no field \"{field}\"; use one of: {fields}",
               ["field": field, "fields": BookFields.all.map(\.name).joined(separator: ", ")])
        }
    }

    private static func formatTitle(_ format: BookImportFormat) -> String {
        switch format {
        case .goodreads: "Goodreads"
        case .libib: "Libib"
        case .csv: "CSV"
        }
    }
}
