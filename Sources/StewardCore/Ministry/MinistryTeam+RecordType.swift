import Foundation
import Translation

extension RecordType {
    /// A ministry team students can serve on (worship, hospitality, outreach): what it does,
    /// who leads it, when it meets, and whether it takes new people now. Listed in the app.
    public static let ministryTeam = RecordType(
        entity: "ministryTeam", commandName: "ministry-teams", module: .ministry,
        nouns: RecordNouns(trLater("ministry team"), trLater("ministry teams"), title: trLater("Ministry Team"),
                           pluralTitle: trLater("Ministry Teams"),
                           counted: { trn("{count} ministry team", "{count} ministry teams", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The team's name, like \"Worship Team\".")),
            FieldSpec("purpose", trLater("Purpose"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("What the team does and who it is for.")),
            FieldSpec("leader", trLater("Leader"), .text(maxLength: 120), [.listed, .searchable],
                      help: trLater("Who leads the team.")),
            FieldSpec("contact", trLater("Contact"), .text(maxLength: 120), [.listed],
                      help: trLater("How to reach the leader: an e-mail address or a phone number.")),
            FieldSpec("meets", trLater("Meets"), .text(maxLength: 120), [.listed],
                      help: trLater("When and where the team meets, like \"Thursdays 6 pm, Room 204\".")),
            FieldSpec("openToNew", trLater("Open to new members"), .boolean, [.listed],
                      help: trLater("Whether the team takes new people now."), default: .bool(true)),
            FieldSpec("topics", trLater("Topics"), .words(maxItems: 12, maxLength: 40), [.searchable, .leftOutWhenEmpty],
                      help: trLater("The interests it suits, like \"music, singing\": leads who name them are offered the team.")),
        ],
        titleField: "name")
        .rule { values, issues in
            if let contact = values["contact"]?.stringValue, let problem = MinistryContact.problem(contact) {
                issues.add("contact", problem)
            }
        }
}
