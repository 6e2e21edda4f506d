import Foundation
import Translation

extension RecordType {
    /// A dated review of a book, by a borrower or by staff: a book keeps several, newest first
    /// (`BookReviews`). The book's own `review` field stays as it was (imports and exports
    /// carry it); these are its history beside it.
    public static let bookReview = RecordType(
        entity: "bookReview", commandName: "reviews", module: .books,
        nouns: RecordNouns(trLater("review"), trLater("reviews"), title: trLater("Review"), pluralTitle: trLater("Reviews"),
                           counted: { trn("{count} review", "{count} reviews", $0, ["count": $1]) }),
        fields: [
            FieldSpec("book", trLater("Book"), .reference(entity: "book"), [.required, .listed],
                      help: trLater("The id of the book reviewed (see `stewardctl books list`).")),
            FieldSpec("date", trLater("Date"), .date, [.listed, .todayWhenEmpty],
                      help: trLater("The day it was written, like 2026-12-06; today when left empty.")),
            FieldSpec("reviewer", trLater("Reviewer"), .reference(entity: "borrower"), [.listed],
                      help: trLater("The id of the borrower who wrote it (see `stewardctl borrowers list`); empty when staff wrote it.")),
            FieldSpec("rating", trLater("Rating"), .integer(1...5), [.listed],
                      help: trLater("How many stars, from 1 to 5; empty for none.")),
            FieldSpec("text", trLater("Review"), .longText(maxLength: 4000), [.required, .searchable],
                      help: trLater("What the reviewer thought of the book.")),
        ],
        titleField: "book", orderField: "date", orderDescending: true)
        // Reviews name borrowers, whom only staff see: the apps do not read them.
        .staffOnly()
}
