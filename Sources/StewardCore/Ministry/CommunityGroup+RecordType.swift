import Foundation
import Translation

extension RecordType {
    /// A community group (a small group, a Bible study): its leader and how to reach them, when
    /// and where it meets, who it is for and how many it holds. Leads are routed to its leader;
    /// a leader with an app account (`leaderMember`) reads the resources kept for group leaders.
    public static let communityGroup = RecordType(
        entity: "communityGroup", commandName: "community-groups", module: .ministry,
        nouns: RecordNouns(trLater("community group"), trLater("community groups"), title: trLater("Community Group"),
                           pluralTitle: trLater("Community Groups"),
                           counted: { trn("{count} community group", "{count} community groups", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The group's name, like \"North Campus Women\".")),
            FieldSpec("leader", trLater("Leader"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("Who leads the group; leads are routed to them.")),
            FieldSpec("leaderContact", trLater("Leader contact"), .text(maxLength: 120), [.required],
                      help: trLater("How to reach the leader: an e-mail address or a phone number.")),
            FieldSpec("leaderMember", trLater("Leader's app account"), .reference(entity: "member"),
                      help: trLater("The leader's account in the app, if they have one: it reads the resources for group leaders.")),
            FieldSpec("meetingDay", trLater("Meeting day"), .choice(MeetingDay.names), [.required, .listed],
                      help: trLater("The day of the week the group meets."))
                .showingChoices(MeetingDay.title),
            FieldSpec("meetingTime", trLater("Meeting time"), .text(maxLength: 5), [.required, .listed],
                      help: trLater("The time it starts, on a 24-hour clock, like 19:30.")),
            FieldSpec("place", trLater("Place"), .text(maxLength: 200), [.required, .listed, .searchable],
                      help: trLater("Where it meets, like \"Library room 3\".")),
            FieldSpec("audience", trLater("Audience"), .text(maxLength: 120), [.listed, .searchable],
                      help: trLater("Who it is for, like \"Freshmen\" or \"Grad students\".")),
            FieldSpec("capacity", trLater("Capacity"), .integer(1...500), [.listed],
                      help: trLater("How many people the group holds.")),
            // What suggests the group for a lead (`LeadSuggestions`), added after groups
            // travelled: left out while empty.
            FieldSpec("members", trLater("Members now"), .integer(1...500), [.leftOutWhenEmpty],
                      help: trLater("How many come now, besides the leads routed here: the places left count both.")),
            FieldSpec("gender", trLater("For"), .choice(MinistryGender.groupNames), [.leftOutWhenEmpty],
                      help: trLater("women or men; empty for a group open to everyone."))
                .showingChoices(MinistryGender.groupTitle),
            FieldSpec("years", trLater("Years"), .words(maxItems: 5, maxLength: 12), [.leftOutWhenEmpty],
                      help: trLater("The years it is for, in English, like \"freshman, sophomore\"; empty for every year.")),
            FieldSpec("area", trLater("Area"), .text(maxLength: 120), [.searchable, .leftOutWhenEmpty],
                      help: trLater("The part of campus it is for, in the words leads answer with, like \"North Campus\".")),
            FieldSpec("topics", trLater("Topics"), .words(maxItems: 12, maxLength: 40), [.searchable, .leftOutWhenEmpty],
                      help: trLater("The interests it suits, like \"bible study, engineering, prayer\".")),
        ],
        titleField: "name")
        .rule { values, issues in
            if let contact = values["leaderContact"]?.stringValue, let problem = MinistryContact.problem(contact) {
                issues.add("leader-contact", problem)
            }
            if let time = values["meetingTime"]?.stringValue, !time.isEmpty, MeetingTime.minutes(time) == nil {
                issues.add("meeting-time", tr("must be a time on a 24-hour clock, like 19:30"))
            }
            QuestionnaireWords.check("years", values, allowed: StudentYear.names, issues: &issues)
            if let members = values["members"]?.int64Value, let capacity = values["capacity"]?.int64Value, members > capacity {
                issues.add("members", tr("must be at most the capacity ({capacity})", ["capacity": String(capacity)]))
            }
        }

    /// "North Campus Women (Priya Shah)": a group as a lead's routing names it.
    public static func groupLabel(_ fields: JSONValue) -> String {
        let name = fields["name"]?.stringValue ?? ""
        let leader = fields["leader"]?.stringValue ?? ""
        return leader.isEmpty ? name : "\(name) (\(leader))"
    }
}

/// The days a group can meet, as their choice words.
public enum MeetingDay {
    public static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A day as staff read it, in their language: "Monday".
    @Sendable public static func title(_ word: String) -> String? {
        switch word {
        case "monday": trc("weekday", "Monday")
        case "tuesday": trc("weekday", "Tuesday")
        case "wednesday": trc("weekday", "Wednesday")
        case "thursday": trc("weekday", "Thursday")
        case "friday": trc("weekday", "Friday")
        case "saturday": trc("weekday", "Saturday")
        case "sunday": trc("weekday", "Sunday")
        default: nil
        }
    }
}

/// A meeting's start on a 24-hour clock, `HH:MM`.
public enum MeetingTime {
    /// Minutes after midnight, or nil when `text` is not a time like 19:30.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }
}
