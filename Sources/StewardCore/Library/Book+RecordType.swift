import Foundation
import Translation

extension RecordType {
    /// A book of the library's catalogue: what it is, what staff think of it, and where it sits.
    public static let book = RecordType(
        entity: "book", commandName: "books", module: .books,
        nouns: RecordNouns(trLater("book"), trLater("books"), title: trLater("Book"), pluralTitle: trLater("Books"),
                           counted: { trn("{count} book", "{count} books", $0, ["count": $1]) }),
        fields: BookFields.all,
        titleField: "title")
        // A library's catalogue grows to 100,000 books: searched as you type through the index.
        .searchIndexed()
        .rule { values, issues in
            let placed = !FieldKind.isEmpty(values["shelfRow"]) || !FieldKind.isEmpty(values["shelfColumn"])
            if placed && FieldKind.isEmpty(values["shelf"]) {
                issues.add("shelf", tr("is needed with a row or column: the shelf they are on"))
            }
        }
}
