import Foundation
import Translation

extension RecordType {
    /// A bookcase or collection, a grid of rows and columns: a book's place is (shelf, row,
    /// column).
    public static let shelf = RecordType(
        entity: "shelf", commandName: "shelves", module: .books,
        nouns: RecordNouns(trLater("shelf"), trLater("shelves"), title: trLater("Shelf"), pluralTitle: trLater("Shelves"),
                           counted: { trn("{count} shelf", "{count} shelves", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("What staff call it, like \"Hall bookcase\" or \"Children's corner\".")),
            FieldSpec("rows", trLater("Rows"), .integer(1...ShelfRules.largestSide), [.required, .listed],
                      help: trLater("How many rows it has, top to bottom.")),
            FieldSpec("columns", trLater("Columns"), .integer(1...ShelfRules.largestSide), [.required, .listed],
                      help: trLater("How many columns it has, left to right.")),
            FieldSpec("location", trLater("Location"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Where it stands, like \"Fellowship hall, north wall\".")),
        ],
        titleField: "name")
}
