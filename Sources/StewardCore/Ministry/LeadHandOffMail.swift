import Foundation

extension LeadHandOff {
    /// The leader's e-mail address from the group record, or nil when they are reached by phone.
    public static func leaderAddress(group: JSONValue) -> String? {
        let contact = (group["leaderContact"]?.stringValue ?? "").trimmingCharacters(in: .whitespaces)
        return MinistryContact.isEmail(contact) ? contact : nil
    }

    /// Sends the hand-off to the group's leader through the organization's mail server and logs
    /// it (`MailService.send`); the same words as the draft. Throws `MailSendError.notSetUp`
    /// when mail is not set up, `.invalidMessage` when the leader has no e-mail address.
    public static func send(lead: JSONValue, leadId: UUID, group: JSONValue, in org: Organization,
                            mail: MailService) async throws -> MailLogEntry {
        guard let address = leaderAddress(group: group) else {
            throw MailSendError.invalidMessage(.badAddress(field: "to", problem: MailAddress.problem("") ?? ""))
        }
        return try await mail.send(to: address, name: group["leader"]?.stringValue ?? "", subject: subject(lead: lead),
                                   body: body(lead: lead, group: group, organization: org.name),
                                   purpose: MailPurpose(.leadHandOff, recordId: leadId), in: org)
    }
}
