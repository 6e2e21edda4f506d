import Translation

/// A book's fields, declared apart from its record type (`RecordType.book`, which takes them
/// from here) so that what reads them without a database stands alone: the catalogue import's
/// column mapping, and with it the import's fuzz target (docs/fuzzing.md).
enum BookFields {
    static let all: [FieldSpec] = [
        FieldSpec("title", trLater("Title"), .text(maxLength: 300), [.required, .listed, .searchable],
                  help: trLater("The book's title, as on its cover.")),
        FieldSpec("authors", trLater("Authors"), .text(maxLength: 500), [.listed, .searchable],
                  help: trLater("Who wrote it; several separated by commas.")),
        FieldSpec("isbn", trLater("ISBN"), .isbn, [.listed, .searchable],
                  help: trLater("The ISBN-10 or ISBN-13 over the barcode; hyphens and spaces are ignored, and it is kept as its ISBN-13.")),
        FieldSpec("publisher", trLater("Publisher"), .text(maxLength: 200), [.searchable],
                  help: trLater("Who published it.")),
        FieldSpec("published", trLater("Published"), .text(maxLength: 20),
                  help: trLater("When it was published: the year, or a date like 2006-03-14.")),
        FieldSpec("language", trLater("Language"), .text(maxLength: 50),
                  help: trLater("The language it is written in.")),
        FieldSpec("genre", trLater("Genre"), .text(maxLength: 100), [.searchable],
                  help: trLater("Its genre, like \"Biography\" or \"Mystery\".")),
        // Took any http(s) address before the media library (Open Library's covers): plain http still reads.
        FieldSpec("coverURL", trLater("Cover image"), .media(kinds: [.image], httpsOnly: false),
                  help: trLater("A picture of its cover: an image of the media library, or an http(s) address.")),
        FieldSpec("addedOn", trLater("Added on"), .date,
                  help: trLater("The day it joined the library, like 2026-12-06.")),
        FieldSpec("tags", trLater("Tags"), .text(maxLength: 500), [.searchable],
                  help: trLater("Words to find it by, separated by commas.")),
        FieldSpec("notes", trLater("Notes"), .longText(maxLength: 5000), [.searchable],
                  help: trLater("Anything staff want to remember about this copy.")),
        FieldSpec("favourite", trLater("Favourite"), .boolean, help: trLater("One of the library's favourites (yes or no)."),
                  default: .bool(false)),
        FieldSpec("toRead", trLater("To read"), .boolean, help: trLater("On the to-read list (yes or no)."),
                  default: .bool(false)),
        FieldSpec("read", trLater("Read"), .boolean, help: trLater("Already read (yes or no)."), default: .bool(false)),
        FieldSpec("wishlist", trLater("Wishlist"), .boolean,
                  help: trLater("Wanted rather than owned: on the wishlist (yes or no)."), default: .bool(false)),
        FieldSpec("rating", trLater("Rating"), .integer(1...5), help: trLater("How good it is, from 1 to 5; empty: not rated.")),
        FieldSpec("review", trLater("Review"), .longText(maxLength: 10_000), help: trLater("A review of it, in a few sentences.")),
        FieldSpec("shelf", trLater("Shelf"), .reference(entity: "shelf"), [.listed],
                  help: trLater("The id of the shelf it sits on (see `stewardctl shelves list`); empty: not shelved.")),
        FieldSpec("shelfRow", trLater("Row"), .integer(1...ShelfRules.largestSide),
                  help: trLater("The shelf's row it sits in, 1 at the top.")),
        FieldSpec("shelfColumn", trLater("Column"), .integer(1...ShelfRules.largestSide),
                  help: trLater("The shelf's column it sits in, 1 at the left.")),
    ]
}
