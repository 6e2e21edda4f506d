import Foundation
import Translation

extension RecordType {
    /// A "get involved" answer: a student's name, how to reach them, what they are interested
    /// in and when they are free. Most come from the app (`POST …/me/leads`), some are typed
    /// from paper cards; staff route each to a community group's leader and follow its state.
    /// For staff alone: members never read other people's contact details.
    public static let lead = RecordType(
        entity: "lead", commandName: "leads", module: .leads,
        nouns: RecordNouns(trLater("lead"), trLater("leads"), title: trLater("Lead"), pluralTitle: trLater("Leads"),
                           counted: { trn("{count} lead", "{count} leads", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The student's name.")),
            FieldSpec("contact", trLater("Contact"), .text(maxLength: 120), [.required, .searchable],
                      help: trLater("An e-mail address or a phone number to reach them.")),
            FieldSpec("interests", trLater("Interests"), .text(maxLength: 300), [.listed, .searchable],
                      help: trLater("What they would like to join, like \"small group, worship team\".")),
            FieldSpec("availability", trLater("Availability"), .text(maxLength: 200), [.searchable],
                      help: trLater("When they are free, like \"weekday evenings\".")),
            FieldSpec("group", trLater("Routed to"), .reference(entity: RecordType.communityGroup.entity), [.listed],
                      help: trLater("The community group whose leader follows the lead up.")),
            FieldSpec("state", trLater("State"), .choice(LeadState.allCases.map(\.rawValue)),
                      help: trLater("new, contacted, joined or not-interested."), default: .string(LeadState.new.rawValue))
                .showingChoices { LeadState(rawValue: $0)?.title },
            FieldSpec("member", trLater("App account"), .reference(entity: "member"),
                      help: trLater("The member who sent it from the app; empty for a lead typed here.")),
            FieldSpec("receivedAt", trLater("Received"), .dateTime,
                      help: trLater("When the answer arrived.")),
            FieldSpec("notes", trLater("Notes"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("What staff learned following it up.")),
        ],
        titleField: "name", orderField: "receivedAt", orderDescending: true)
        .rule { values, issues in
            if let contact = values["contact"]?.stringValue, let problem = MinistryContact.problem(contact) {
                issues.add("contact", problem)
            }
            // Joining means joining a group: the lead says which.
            if values["state"]?.stringValue == LeadState.joined.rawValue, FieldKind.isEmpty(values["group"]) {
                issues.add("group", tr("a lead who joined is routed to the group they joined"))
            }
        }
        .withStatus { fields, _ in
            let state = fields["state"]?.stringValue.flatMap(LeadState.init(rawValue:)) ?? .new
            return RecordStatus(key: state.rawValue, text: state.title)
        }
        .staffOnly()
}
