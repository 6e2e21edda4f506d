import Foundation
import Translation

extension RecordType {
    /// A book the library borrowed from someone else (a lender), and when it must go back. A
    /// type of its own rather than a direction on `loan`: its other party is a lender, not a
    /// borrower, and it never blocks lending the library's own copies.
    public static let borrowing = RecordType(
        entity: "borrowing", commandName: "borrowed-books", module: .loans,
        nouns: RecordNouns(trLater("borrowed book"), trLater("borrowed books"), title: trLater("Borrowed Book"),
                           pluralTitle: trLater("Borrowed Books"),
                           counted: { trn("{count} borrowed book", "{count} borrowed books", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: 300), [.required, .listed, .searchable],
                      help: trLater("The borrowed book's title.")),
            FieldSpec("book", trLater("Book"), .reference(entity: "book"),
                      help: trLater("The id of its catalogue entry, if it has one (see `stewardctl books list`).")),
            FieldSpec("lender", trLater("Lender"), .reference(entity: "lender"), [.required, .listed],
                      help: trLater("The id of who lent it (see `stewardctl lenders list`).")),
            FieldSpec("borrowedOn", trLater("Borrowed on"), .date, [.required, .listed],
                      help: trLater("The day the library got it, like 2026-12-06.")),
            FieldSpec("dueBackOn", trLater("Due back on"), .date, [.listed],
                      help: trLater("The day it must go back to its lender.")),
            FieldSpec("returnedOn", trLater("Returned on"), .date, help: trLater("The day it went back.")),
            FieldSpec("note", trLater("Note"), .longText(maxLength: 2000), [.searchable], help: trLater("Anything about it.")),
        ],
        titleField: "title", orderField: "borrowedOn", orderDescending: true)
        .staffOnly()
        .withStatus { fields, now in
            if !FieldKind.isEmpty(fields["returnedOn"]) { return RecordStatus(key: "returned", text: trc("loan state", "Returned")) }
            if let due = fields["dueBackOn"]?.stringValue.flatMap(LocalDate.init(iso:)), due < LocalDate(now, in: LoanStatus.latestZone) {
                return RecordStatus(key: "overdue", text: trc("loan state", "Overdue"))
            }
            return RecordStatus(key: "borrowed", text: trc("loan state", "Borrowed"))
        }
}
