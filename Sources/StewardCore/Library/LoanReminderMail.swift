import Foundation

extension LoanReminder {
    /// Sends the reminder to the borrower through the organization's mail server and logs it
    /// (`MailService.send`); the same words as the draft. Throws `MailSendError.notSetUp` when
    /// mail is not set up, `.invalidMessage` when the borrower has no e-mail address.
    public static func send(_ group: LoanReport.Group, in org: Organization, mail: MailService) async throws -> MailLogEntry {
        let address = group.email.trimmingCharacters(in: .whitespaces)
        guard !address.isEmpty else { throw MailSendError.invalidMessage(.badAddress(field: "to", problem: MailAddress.problem(address) ?? "")) }
        return try await mail.send(to: address, name: group.name, subject: subject(group, organization: org.name),
                                   body: body(group, organization: org.name),
                                   purpose: MailPurpose(.loanReminder, recordId: group.borrowerId), in: org)
    }
}
