import Foundation
import SwiftCSV

/// A catalogue file read into rows of book fields (as text), each with the row number a
/// spreadsheet shows (the header is row 1), before anything is checked against the library.
public struct BookImportFile: Sendable {
    public struct Row: Sendable {
        /// The row number a spreadsheet shows: the header is row 1, the first book row 2.
        public var number: Int
        /// The book's fields as text, or why the row cannot be a book.
        public var fields: Result<[String: String], BookImportRowProblem>
    }

    public var format: BookImportFormat
    /// The header, as the file spells it.
    public var columns: [String]
    public var rows: [Row]

    /// Reads `text` (a whole file) as `format`; `mapping` (column → book field) names columns
    /// the format does not know, or reads a known one into another field.
    public static func parse(_ text: String, format: BookImportFormat, mapping: [String: String] = [:],
                             file: String = "") throws(BookImportError) -> BookImportFile {
        let table: EnumeratedCSV
        do {
            let prepared = formulaCellsQuoted(text)
            table = format == .csv ? try EnumeratedCSV(string: prepared, loadColumns: false)
                                   : try EnumeratedCSV(string: prepared, delimiter: .comma, loadColumns: false)
        } catch {
            throw .notCSV(file: file, problem: String(describing: error))
        }
        let header = table.header.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let missing = format.requiredColumns.filter { !header.contains($0) }
        if !missing.isEmpty { throw .missingColumns(missing, format: format) }
        let explicit = try resolve(mapping, header: header)
        // For a plain CSV, every column named like a field is read; the mapping comes on top.
        var byName: [Int: String] = [:]
        if format == .csv {
            for (index, column) in header.enumerated() {
                if let field = MappedColumns.field(named: column) { byName[index] = field.name }
            }
            for (index, field) in explicit { byName[index] = field }
            if !byName.values.contains("title") { throw .noTitleColumn(columns: header) }
        }
        var rows: [Row] = []
        for (offset, cells) in table.rows.enumerated() {
            if cells.allSatisfy({ $0.unicodeScalars.allSatisfy(CharacterSet.whitespacesAndNewlines.contains) }) { continue }
            func cell(_ index: Int) -> String { index < cells.count ? cells[index] : "" }
            let number = offset + 2
            if format == .csv {
                var named: [String: String] = [:]
                for (index, field) in byName { named[field] = cell(index) }
                rows.append(Row(number: number, fields: .success(MappedColumns.fields(of: named))))
                continue
            }
            var raw: [String: String] = [:]
            for (index, column) in header.enumerated() where raw[column] == nil { raw[column] = cell(index) }
            do {
                var fields = try format.fields(of: raw)
                for (index, field) in explicit {
                    fields[field] = nil
                    fields.merge(MappedColumns.fields(of: [field: cell(index)])) { _, new in new }
                }
                rows.append(Row(number: number, fields: .success(fields)))
            } catch {
                rows.append(Row(number: number, fields: .failure(error)))
            }
        }
        if rows.isEmpty { throw .noRows(file: file) }
        return BookImportFile(format: format, columns: header, rows: rows)
    }

    /// `COLUMN=FIELD` pairs as the command line gives them.
    public static func mapping(_ pairs: [String]) throws(BookImportError) -> [String: String] {
        var mapping: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.lastIndex(of: "=") else { throw .badMapping(pair) }
            let column = pair[..<equals].trimmingCharacters(in: .whitespaces)
            let field = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if column.isEmpty || field.isEmpty { throw .badMapping(pair) }
            mapping[column] = field
        }
        return mapping
    }

    /// Column index → field name, each column found in the header (exactly, else in any case)
    /// and each field a book's.
    private static func resolve(_ mapping: [String: String], header: [String]) throws(BookImportError) -> [Int: String] {
        var resolved: [Int: String] = [:]
        for (column, fieldName) in mapping.sorted(by: { $0.key < $1.key }) {
            guard let index = header.firstIndex(of: column)
                    ?? header.firstIndex(where: { $0.caseInsensitiveCompare(column) == .orderedSame })
            else { throw .unknownColumn(column, columns: header) }
            guard let field = MappedColumns.field(named: fieldName) else { throw .unknownField(fieldName) }
            resolved[index] = field.name
        }
        return resolved
    }

    /// Spreadsheet exports sometimes leave a formula cell (`="0316769487"`) unquoted, which a
    /// strict CSV reader refuses; quoted as CSV, it reads as the text Goodreads meant.
    static func formulaCellsQuoted(_ text: String) -> String {
        guard hasUnquotedFormulaCell(text),
              let pattern = try? NSRegularExpression(pattern: #"(^|,)="([^",\r\n]*)"(?=,|\r|\n|$)"#, options: [.anchorsMatchLines])
        else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: #"$1"=""$2""""#)
    }

    /// Whether a `="` starts a cell (at the start of the text, of a line, or after a comma):
    /// only then can the pattern above match. Goodreads quotes its formula cells (`"=""…"""`),
    /// so its exports skip the pattern, which takes long over a file of thousands of rows.
    /// A `="` after any character outside ASCII is taken as a possible line start.
    private static func hasUnquotedFormulaCell(_ text: String) -> Bool {
        var previous: UInt8?
        var sawEquals = false
        var beforeEquals: UInt8?
        for byte in text.utf8 {
            if sawEquals, byte == UInt8(ascii: "\"") {
                guard let before = beforeEquals else { return true }
                if before == UInt8(ascii: ",") || before == UInt8(ascii: "\n") || before == UInt8(ascii: "\r")
                    || before == 0x0B || before == 0x0C || before >= 0x80 {
                    return true
                }
            }
            sawEquals = byte == UInt8(ascii: "=")
            if sawEquals { beforeEquals = previous }
            previous = byte
        }
        return false
    }
}
