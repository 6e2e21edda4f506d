import Foundation
import Translation

extension RecordType {
    /// A prize handed to a member, recorded by staff. Append-only: a claim is never changed or
    /// deleted, so a prize retired later keeps its claims and its stock counts stay true; a
    /// claim made in error is undone by a second record that `reverses` it, with a note. The
    /// console and the store both admit a new one only when the member has the prize's level
    /// and the prize is in its window, in stock and under the member's limit (`RedemptionRules`).
    public static let redemption = RecordType(
        entity: "redemption", commandName: "redemptions", module: .prizes,
        nouns: RecordNouns(trLater("redemption"), trLater("redemptions"), title: trLater("Redemption"),
                           pluralTitle: trLater("Redemptions"),
                           counted: { trn("{count} redemption", "{count} redemptions", $0, ["count": $1]) }),
        fields: [
            FieldSpec("prize", trLater("Prize"), .reference(entity: "prize"), [.required, .listed],
                      help: trLater("The prize handed over (see `stewardctl prizes list`).")),
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("The member who got it.")),
            FieldSpec("at", trLater("When"), .dateTime, [.required, .listed], help: trLater("When it was handed over.")),
            FieldSpec("by", trLater("By"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Who handed it over.")),
            FieldSpec("note", trLater("Note"), .text(maxLength: 500), [.searchable],
                      help: trLater("Anything about it (size, colour); for an undo, why (required).")),
            FieldSpec("reverses", trLater("Undoes"), .reference(entity: "redemption"), [.listed],
                      help: trLater("For an undo: the redemption made in error that it takes back (see `stewardctl redemptions undo`).")),
        ],
        titleField: "at", orderField: "at", orderDescending: true)
        .appendOnly(correction: trLater("a redemption is never changed or deleted; one made in error is undone with a note (`stewardctl redemptions undo`)"))
        // Who got what is for staff.
        .staffOnly()
        .admitted(reading: [RecordAdmission.Read(entity: "redemption", field: "prize", from: "prize"),
                            RecordAdmission.Read(entity: "stamp", field: "member", from: "member")]) { change, lookup, now in
            try RedemptionRules.refusal(change.fields, id: change.id, lookup: lookup, now: now)
        }
}
