import Foundation
import Translation

extension RecordType {
    /// The campus and ministry a member chose in the app (`PUT …/me/campus`): one record a
    /// member, under the member's id, so choosing again replaces it. The store filters the
    /// member's reads of events and resources by it (`CampusChoice.concerns`). Made in the store
    /// by members alone, so the console and stewardctl only read it; for staff alone: members
    /// read only their own, through `me/campus`.
    public static let campusChoice = RecordType(
        entity: "campusChoice", commandName: "campus-choices", module: .campuses,
        nouns: RecordNouns(trLater("campus choice"), trLater("campus choices"), title: trLater("Campus Choice"),
                           pluralTitle: trLater("Campus Choices"),
                           counted: { trn("{count} campus choice", "{count} campus choices", $0, ["count": $1]) }),
        fields: [
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("The member who chose.")),
        ] + CampusTags.fields,
        titleField: "member")
        .madeByStore()
        .staffOnly()
}
