import Foundation
import Translation

extension RecordType {
    /// A stock reason approvers pick when they reject or request changes ("Add a contact
    /// email"); each organization keeps and edits its own. Free text is always allowed too.
    public static let reason = RecordType(
        entity: "reason", commandName: "reasons", module: .approvals, nouns: RecordNouns(trLater("stock reason"), trLater("stock reasons"), title: trLater("Stock Reason"),
                           pluralTitle: trLater("Stock Reasons"),
                           counted: { trn("{count} stock reason", "{count} stock reasons", $0, ["count": $1]) }),
        fields: [
            FieldSpec("text", trLater("Reason"), .text(maxLength: ApprovalRules.maxReasonLength), [.required, .listed, .searchable],
                      help: trLater("The reason as the submitter reads it, like \"Add a contact email\".")),
            FieldSpec("position", trLater("Position"), .integer(0...1000), [.listed],
                      help: trLater("Where it stands in the list of reasons, 0 first."), default: .int(0)),
        ],
        titleField: "text", orderField: "position")
}
