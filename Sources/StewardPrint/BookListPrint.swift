import Foundation
import StewardCore
import Translation

/// A list of books on paper (the catalogue, the wishlist…): a line per book with its authors,
/// ISBN and where it sits, so staff can walk the shelves with it or hand it out.
public enum BookListPrint {
    public static func blocks(of export: BookListExport) -> [PrintBlock] {
        var blocks = [PrintBlock(.title, export.list.title)]
        let counted = trn("{count} book", "{count} books", export.books.count)
        blocks.append(PrintBlock(.subtitle, [export.organization, export.today.description, counted]
            .filter { !$0.isEmpty }.joined(separator: " · ")))
        if export.books.isEmpty {
            blocks.append(PrintBlock(.body, tr("No books on this list.")))
        }
        for book in export.books {
            let title = book["title"]?.stringValue ?? ""
            let authors = book["authors"]?.stringValue ?? ""
            let details = [book["isbn"]?.stringValue ?? "", export.place(of: book)].filter { !$0.isEmpty }
            let line = authors.isEmpty ? title : tr("{title}, {authors}", ["title": title, "authors": authors])
            blocks.append(PrintBlock(.body, details.isEmpty ? line : line + " — " + details.joined(separator: " · ")))
        }
        return blocks
    }
}
