import Foundation
import Translation

extension RecordType {
    /// A book on one of a borrower's lists (favourites, to read, wish list), and the day it was
    /// put there. A book is on a borrower's list once (`ReadingListRules`), checked by the
    /// console and again by the store, so two consoles adding it offline keep one.
    public static let readingListEntry = RecordType(
        entity: "readingListEntry", commandName: "reading-lists", module: .loans,
        nouns: RecordNouns(trLater("reading list entry"), trLater("reading list entries"), title: trLater("Reading List Entry"),
                           pluralTitle: trLater("Reading Lists"),
                           counted: { trn("{count} reading list entry", "{count} reading list entries", $0, ["count": $1]) }),
        fields: [
            FieldSpec("borrower", trLater("Borrower"), .reference(entity: "borrower"), [.required, .listed],
                      help: trLater("The id of the borrower whose list it is (see `stewardctl borrowers list`).")),
            FieldSpec("book", trLater("Book"), .reference(entity: "book"), [.required, .listed],
                      help: trLater("The id of the book on the list (see `stewardctl books list`).")),
            FieldSpec("list", trLater("List"), .choice(ReadingList.words), [.required, .listed],
                      help: trLater("Which list: favourite, to-read or wish."))
                .showingChoices { ReadingList(rawValue: $0)?.text },
            FieldSpec("addedOn", trLater("Added on"), .date, [.listed, .todayWhenEmpty],
                      help: trLater("The day it was put on the list, like 2026-12-06; today when left empty.")),
        ],
        titleField: "book", orderField: "addedOn", orderDescending: true)
        // Who wants to read what is for staff, as their loans are.
        .staffOnly()
        .admitted(reading: [ReadingListRules.read]) { change, lookup, _ in
            try ReadingListRules.refusal(change, lookup: lookup)
        }
}
