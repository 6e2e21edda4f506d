import Foundation
import Translation

/// Borrowers and lenders are people with the same details: declared once for both types.
/// Their phone numbers and addresses are for staff: the apps' read endpoints never show them.
enum LibraryPeople {
    static let fields: [FieldSpec] = [
        FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                  help: trLater("The person's full name.")),
        FieldSpec("phone", trLater("Phone"), .text(maxLength: 40), [.listed, .searchable],
                  help: trLater("A phone number to reach them, as you would dial it.")),
        FieldSpec("email", trLater("Email"), .email, [.listed, .searchable],
                  help: trLater("An e-mail address to reach them.")),
        FieldSpec("notes", trLater("Notes"), .longText(maxLength: 2000), [.searchable],
                  help: trLater("Anything staff want to remember about them.")),
    ]
}

extension RecordType {
    /// Someone the library lends to.
    public static let borrower = RecordType(
        entity: "borrower", commandName: "borrowers", module: .loans,
        nouns: RecordNouns(trLater("borrower"), trLater("borrowers"), title: trLater("Borrower"),
                           pluralTitle: trLater("Borrowers"),
                           counted: { trn("{count} borrower", "{count} borrowers", $0, ["count": $1]) }),
        fields: LibraryPeople.fields, titleField: "name")
        .staffOnly()

    /// Someone the library borrows books from (see `borrowing`).
    public static let lender = RecordType(
        entity: "lender", commandName: "lenders", module: .loans,
        nouns: RecordNouns(trLater("lender"), trLater("lenders"), title: trLater("Lender"), pluralTitle: trLater("Lenders"),
                           counted: { trn("{count} lender", "{count} lenders", $0, ["count": $1]) }),
        fields: LibraryPeople.fields, titleField: "name")
        .staffOnly()
}
