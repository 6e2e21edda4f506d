import Foundation
import Translation

/// A lead handed to the leader of the group it is routed to, by e-mail: sent through the
/// organization's mail server when one is set up (`send`), or as a draft for staff to send: who the student is, how to reach them, what they would like and when they are free.
/// Leaders are reached by what the group record says; one reached by phone is called instead.
public enum LeadHandOff {
    public static func subject(lead: JSONValue) -> String {
        tr("Someone would like to join your group: {name}", ["name": lead["name"]?.stringValue ?? ""])
    }

    public static func body(lead: JSONValue, group: JSONValue, organization: String) -> String {
        func field(_ name: String, of record: JSONValue) -> String {
            (record[name]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let name = field("name", of: lead)
        var lines = [tr("Hello {leader},", ["leader": field("leader", of: group)]), ""]
        lines.append(tr("{name} answered \"get involved\" and we think {group} is a good fit. Could you get in touch with them?",
                        ["name": name, "group": field("name", of: group)]))
        lines.append("")
        lines.append("- " + tr("Contact: {contact}", ["contact": field("contact", of: lead)]))
        let interests = field("interests", of: lead)
        if !interests.isEmpty { lines.append("- " + tr("Interests: {interests}", ["interests": interests])) }
        let availability = field("availability", of: lead)
        if !availability.isEmpty { lines.append("- " + tr("Available: {availability}", ["availability": availability])) }
        lines += ["", tr("Please let us know how it goes."), "", tr("Thank you,"), organization]
        return lines.joined(separator: "\n")
    }

    /// The draft to the group's leader; nil when their contact is not an e-mail address.
    public static func mailto(lead: JSONValue, group: JSONValue, organization: String) -> String? {
        guard let contact = leaderAddress(group: group) else { return nil }
        return MailDraft.mailto(to: contact, subject: subject(lead: lead),
                                body: body(lead: lead, group: group, organization: organization))
    }
}
