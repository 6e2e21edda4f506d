import Foundation
import Translation

extension RecordType {
    /// A prize handed to a member, recorded by staff. Append-only: a claim is never changed or
    /// deleted, so a prize retired later keeps its claims and its stock counts stay true. The
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
            FieldSpec("note", trLater("Note"), .text(maxLength: 500), [.searchable], help: trLater("Anything about it (size, colour).")),
        ],
        titleField: "at", orderField: "at", orderDescending: true)
        .appendOnly(correction: trLater("a prize handed over stays handed over; if it came back, raise the prize's stock"))
        // Who got what is for staff.
        .staffOnly()
        .admitted(reading: [RecordAdmission.Read(entity: "redemption", field: "prize", from: "prize"),
                            RecordAdmission.Read(entity: "stamp", field: "member", from: "member")]) { change, lookup, now in
            RedemptionRules.refusal(change.fields, id: change.id, lookup: lookup, now: now)
        }
}
