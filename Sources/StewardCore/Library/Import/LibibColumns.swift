import Foundation
import Translation

/// Libib's library export: books, films, music and games in one file (`item_type`), the
/// ISBN-13 and ISBN-10 in columns of their own, the reading status as words.
enum LibibColumns {
    static let required = ["title"]

    static func fields(of row: [String: String]) throws(BookImportRowProblem) -> [String: String] {
        func cell(_ column: String) -> String { BookImportValues.unquoted(row[column] ?? "") }
        let kind = cell("item_type").lowercased()
        if !kind.isEmpty, kind != "book", kind != "books" {
            throw BookImportRowProblem(tr("is a {kind} in Libib, not a book; only books are imported", ["kind": kind]))
        }
        let status = cell("status").lowercased()
        let fields: [String: String] = [
            "title": cell("title"),
            "authors": BookImportValues.names([cell("creators")]),
            "isbn": cell("ean_isbn13").isEmpty ? cell("upc_isbn10") : cell("ean_isbn13"),
            "publisher": cell("publisher"),
            "published": cell("publish_date"),
            "addedOn": BookImportValues.day(row["added"] ?? ""),
            "rating": BookImportValues.rating(row["rating"] ?? ""),
            "review": (row["review"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            "notes": (row["notes"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            "tags": cell("tags"),
            "read": status.isEmpty ? "" : BookImportValues.flag(status == "completed"),
        ]
        return fields.filter { !$0.value.isEmpty }
    }
}
