import Foundation
import Translation

extension RecordType {
    /// A "get involved" answer: a student's name, how to reach them, what they are interested
    /// in and when they are free, and the questionnaire's gender, year, area, free days and
    /// times, which suggest the groups that fit (`LeadSuggestions`). Most come from the app (`POST …/me/leads`), some are typed
    /// from paper cards; staff route each to a community group's leader, a ministry team or
    /// both, and follow its state.
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
            // The questionnaire's answers, added after leads travelled: left out while empty.
            FieldSpec("gender", trLater("Gender"), .choice(MinistryGender.leadNames), [.leftOutWhenEmpty],
                      help: trLater("woman or man, as they answered; some groups are for women or for men."))
                .showingChoices(MinistryGender.leadTitle),
            FieldSpec("year", trLater("Year"), .choice(StudentYear.names), [.leftOutWhenEmpty],
                      help: trLater("freshman, sophomore, junior, senior or grad."))
                .showingChoices(StudentYear.title),
            FieldSpec("area", trLater("Area"), .text(maxLength: 120), [.searchable, .leftOutWhenEmpty],
                      help: trLater("Where they live, in the words the ministry uses, like \"North Campus\".")),
            FieldSpec("freeDays", trLater("Free days"), .words(maxItems: 7, maxLength: 12), [.leftOutWhenEmpty],
                      help: trLater("The days they are free, in English, like \"tuesday, thursday\".")),
            FieldSpec("freeTimes", trLater("Free times"), .words(maxItems: 3, maxLength: 12), [.leftOutWhenEmpty],
                      help: trLater("The parts of those days they are free: morning, afternoon, evening.")),
            FieldSpec("group", trLater("Routed to"), .reference(entity: RecordType.communityGroup.entity), [.listed],
                      help: trLater("The community group whose leader follows the lead up.")),
            FieldSpec("team", trLater("Team"), .reference(entity: RecordType.ministryTeam.entity), [.leftOutWhenEmpty],
                      help: trLater("A ministry team they were routed to serve on, with or without a group.")),
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
            QuestionnaireWords.check("freeDays", values, allowed: MeetingDay.names, issues: &issues)
            QuestionnaireWords.check("freeTimes", values, allowed: DayPart.names, issues: &issues)
            // Joining means joining a group or a team: the lead says which.
            if values["state"]?.stringValue == LeadState.joined.rawValue, FieldKind.isEmpty(values["group"]),
               FieldKind.isEmpty(values["team"]) {
                issues.add("group", tr("a lead who joined is routed to the group or team they joined"))
            }
        }
        .withStatus { fields, _ in
            let state = fields["state"]?.stringValue.flatMap(LeadState.init(rawValue:)) ?? .new
            return RecordStatus(key: state.rawValue, text: state.title)
        }
        .staffOnly()
}
