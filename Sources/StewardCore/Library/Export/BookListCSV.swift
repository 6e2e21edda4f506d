import Foundation
import Translation

/// A list of books as a CSV file for a spreadsheet: one row per book, headed by the book
/// fields' own labels, values as the editor takes them (dates as 2026-11-25, yes/no), so
/// `stewardctl books import --csv` reads the file back; where the book sits is given in words
/// (the shelf's name, row and column), a column the import leaves aside.
public enum BookListCSV {
    /// The fields exported, in order; the book's place follows them.
    static let fields = ["title", "authors", "isbn", "publisher", "published", "language", "genre", "addedOn", "tags",
                         "notes", "favourite", "toRead", "read", "wishlist", "rating", "review"]

    public static func text(_ export: BookListExport) -> String {
        let specs = fields.compactMap { RecordType.book.field($0) }
        var rows = [specs.map(\.label) + [trc("CSV column", "Place")]]
        for book in export.books {
            rows.append(specs.map { $0.kind.editableText(book[$0.name], zone: .gmt) } + [export.place(of: book)])
        }
        return rows.map { $0.map(LoanReportCSV.cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}
