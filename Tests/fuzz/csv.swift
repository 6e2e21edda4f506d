import Foundation

// The catalogue import (Sources/StewardCore/Library/Import): a Goodreads or Libib export, or
// any CSV, read into rows of book fields (SwiftCSV underneath; the formula cells, the column
// mapping and the cleaning of ISBNs, dates and ratings are ours).
//
// Properties, for each of the three formats and the one the header suggests:
// - it never crashes;
// - the header and the rows never outnumber the lines (line breaks + 1); rows are numbered as a
//   spreadsheet shows them: from 2, increasing, never past the last line;
// - every field a row gives is a book's, and not empty; flags are yes or no; a rating that
//   reads as a number is given as a whole one (or as written when it is no star count at all:
//   too large for one, nan, inf, for the rating field to refuse);
// - a refusal says what is wrong.

private let mapping = ["Book Title": "title", "Code": "isbn"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzData(data, size), as: UTF8.self)
    let lines = text.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
    let attempts: [(BookImportFormat, [String: String])] = [
        (.goodreads, [:]), (.libib, [:]), (.csv, [:]), (.csv, mapping), (BookImportFormat.detect(text: text), [:]),
    ]
    for (format, mapping) in attempts {
        let file: BookImportFile
        do {
            file = try BookImportFile.parse(text, format: format, mapping: mapping)
        } catch {
            fuzzCheck(!error.description.isEmpty, "a refusal without words")
            continue
        }
        fuzzCheck(file.rows.count + 1 <= lines, "\(file.rows.count) rows and a header from \(lines) lines (\(format.name))")
        var previous = 1
        for row in file.rows {
            fuzzCheck(row.number > previous && row.number <= lines, "row \(row.number) after \(previous), of \(lines) lines")
            previous = row.number
            guard case .success(let fields) = row.fields else { continue }
            for (name, value) in fields {
                fuzzCheck(bookFields.contains(name), "\(format.name): \"\(name)\" is not a book's field")
                fuzzCheck(!value.isEmpty, "\(format.name): \(name) given empty")
                if ["read", "toRead", "favourite", "wishlist"].contains(name), format != .csv {
                    fuzzCheck(value == "yes" || value == "no", "\(format.name): \(name) is \"\(value)\"")
                }
            }
            if let rating = fields["rating"], let stars = Double(rating) {
                fuzzCheck(Int(rating) != nil || Int(exactly: stars.rounded()) == nil,
                          "\(format.name): rating \"\(rating)\" is not whole")
            }
        }
    }
    return 0
}

private let bookFields = Set(BookFields.all.map(\.name))
