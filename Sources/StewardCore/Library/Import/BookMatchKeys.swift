import Foundation

/// How an imported row is recognized as a book the library already has: by ISBN-13 first,
/// then by title and first author, compared without case, accents or punctuation (a Goodreads
/// title and the catalogue's may differ in a comma).
enum BookMatchKeys {
    static func isbn(_ fields: JSONValue) -> String? {
        guard let isbn = fields["isbn"]?.stringValue, !isbn.isEmpty else { return nil }
        return isbn
    }

    static func titleAndAuthor(_ fields: JSONValue) -> String? {
        let title = fold(fields["title"]?.stringValue ?? "")
        guard !title.isEmpty else { return nil }
        let firstAuthor = (fields["authors"]?.stringValue ?? "").split(separator: ",").first.map(String.init) ?? ""
        return title + "|" + fold(firstAuthor)
    }

    private static func fold(_ text: String) -> String {
        SearchWords.folded(text)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .joined(separator: " ")
    }
}
