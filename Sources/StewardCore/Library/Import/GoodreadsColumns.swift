import Foundation

/// Goodreads' library export: one row per book on any of the reader's shelves, with the
/// ISBNs in formula quotes, the exclusive shelf (read, to-read, currently-reading) apart from
/// the others, and 0 stars for "not rated".
enum GoodreadsColumns {
    static let required = ["Title", "Author"]

    /// Shelf names that mean the catalogue's own flags.
    static let favouriteShelves: Set<String> = ["favorites", "favourites", "favorite", "favourite"]
    static let wishlistShelves: Set<String> = ["wishlist", "wish-list", "wish list", "wanted"]
    /// The exclusive shelves every Goodreads book is on one of; they are flags, not tags.
    static let exclusiveShelves: Set<String> = ["read", "to-read", "currently-reading"]

    static func fields(of row: [String: String]) -> [String: String] {
        func cell(_ column: String) -> String { BookImportValues.unquoted(row[column] ?? "") }
        let shelves = (cell("Bookshelves").split(separator: ",") + [Substring(cell("Exclusive Shelf"))])
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        let exclusive = cell("Exclusive Shelf").lowercased()
        let tags = shelves.filter { !exclusiveShelves.contains($0) && !favouriteShelves.contains($0) && !wishlistShelves.contains($0) }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let readCount = Int(cell("Read Count")) ?? 0
        var fields: [String: String] = [
            "title": cell("Title"),
            "authors": BookImportValues.names([cell("Author"), cell("Additional Authors")]),
            "isbn": cell("ISBN13").isEmpty ? cell("ISBN") : cell("ISBN13"),
            "publisher": cell("Publisher"),
            "published": cell("Year Published").isEmpty ? cell("Original Publication Year") : cell("Year Published"),
            "addedOn": BookImportValues.day(row["Date Added"] ?? ""),
            "rating": BookImportValues.rating(row["My Rating"] ?? ""),
            "review": review(row["My Review"] ?? ""),
            "notes": (row["Private Notes"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            "tags": tags.joined(separator: ", "),
            "read": BookImportValues.flag(exclusive == "read" || readCount > 0),
            "toRead": BookImportValues.flag(exclusive == "to-read"),
            "favourite": BookImportValues.flag(shelves.contains(where: favouriteShelves.contains)),
            "wishlist": BookImportValues.flag(shelves.contains(where: wishlistShelves.contains)),
        ]
        fields = fields.filter { !$0.value.isEmpty }
        return fields
    }

    /// Goodreads keeps a review's line breaks as HTML `<br/>`.
    static func review(_ cell: String) -> String {
        cell.replacingOccurrences(of: "<br />", with: "\n")
            .replacingOccurrences(of: "<br/>", with: "\n")
            .replacingOccurrences(of: "<br>", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
