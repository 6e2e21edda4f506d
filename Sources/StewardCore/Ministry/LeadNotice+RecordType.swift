import Foundation
import Translation

extension RecordType {
    /// What tells a community group's leader in the app that a lead was routed to them
    /// ("Ava Thompson would like to join North Campus Women"): made by the console in the
    /// transaction that routes the lead, whichever way it was routed (the Leads page, the
    /// editor, `stewardctl leads route`), when the group has a leader's app account. The store
    /// queues it for the leader's devices as it stores it (`MemberNotices`), as it does a ride's
    /// notice; the leader then reads their leads at `GET …/me/led-groups/leads`. One per lead,
    /// group and leader, never changed.
    public static let leadNotice = RecordType(
        entity: "leadNotice", commandName: "lead-notices", module: .leads,
        nouns: RecordNouns(trLater("lead notice"), trLater("lead notices"), title: trLater("Lead Notice"),
                           pluralTitle: trLater("Lead Notices"),
                           counted: { trn("{count} lead notice", "{count} lead notices", $0, ["count": $1]) }),
        fields: [
            FieldSpec("lead", trLater("Lead"), .reference(entity: RecordType.lead.entity), [.required, .listed],
                      help: trLater("The lead routed to the group.")),
            FieldSpec("group", trLater("Group"), .reference(entity: RecordType.communityGroup.entity), [.required, .listed],
                      help: trLater("The group it was routed to.")),
            FieldSpec("member", trLater("Leader"), .reference(entity: RecordType.member.entity), [.required],
                      help: trLater("The leader's app account, who is told.")),
            FieldSpec("message", trLater("Message"), .longText(maxLength: 500), [.required, .listed, .searchable],
                      help: trLater("What the leader reads.")),
            FieldSpec("at", trLater("At"), .dateTime, [.required, .listed], help: trLater("When it was made.")),
        ],
        titleField: "message", orderField: "at", orderDescending: true)
        .appendOnly(correction: trLater("routing the lead again tells the new group's leader"))
        .staffOnly()
        .belongingToItsReference()
        .madeAlongside(RecordType.lead.entity) { lead, fields, orgId, author, db in
            try LeadNotices.makeWithLead(lead, fields: fields, orgId: orgId, author: author, db)
        }
}
