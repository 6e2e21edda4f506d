import Foundation
import Translation

/// An approval decision told to the submitter by e-mail, for members who do not open the app
/// to read it: approved, changes requested (with what to change), or declined (with why).
public enum DecisionMail {
    public static func subject(_ status: SubmissionStatus, title: String) -> String {
        switch status {
        case .approved: tr("Approved: {title}", ["title": title])
        case .changesRequested: tr("Changes requested: {title}", ["title": title])
        case .rejected: tr("Declined: {title}", ["title": title])
        case .pending: tr("Received: {title}", ["title": title])
        }
    }

    public static func body(_ submission: SubmissionRecord, status: SubmissionStatus, reason: String, organization: String) -> String {
        let title = submission.title
        var lines = [tr("Hello {name},", ["name": submission.submitterName]), ""]
        switch status {
        case .approved:
            lines.append(tr("Your event “{title}” was approved. Members see it now.", ["title": title]))
            if !reason.isEmpty { lines += ["", tr("A note from {organization}: {reason}", ["organization": organization, "reason": reason])] }
        case .changesRequested:
            lines.append(tr("Your event “{title}” needs changes before it can be approved: {reason}", ["title": title, "reason": reason]))
            lines += ["", tr("Change it in the app and it comes back to us for review.")]
        case .rejected:
            lines.append(tr("Your event “{title}” was declined: {reason}", ["title": title, "reason": reason]))
        case .pending:
            lines.append(tr("Your event “{title}” is waiting for review.", ["title": title]))
        }
        lines += ["", tr("Thank you,"), organization]
        return lines.joined(separator: "\n")
    }

    /// Sends the decision to each decided submission's submitter that has an e-mail address,
    /// and returns what the mail log keeps of each. Nothing is sent (an empty list) when mail
    /// is not set up for the organization.
    public static func send(_ decided: [LocalRecord], status: SubmissionStatus, reason: String, in org: Organization,
                            mail: MailService) async throws -> [MailLogEntry] {
        guard await mail.isSetUp(org) else { return [] }
        var sent: [MailLogEntry] = []
        for record in decided {
            let submission = SubmissionRecord(fields: record.fields)
            let address = submission.submitterEmail.trimmingCharacters(in: .whitespaces)
            guard !address.isEmpty else { continue }
            sent.append(try await mail.send(to: address, name: submission.submitterName,
                                            subject: subject(status, title: submission.title),
                                            body: body(submission, status: status, reason: reason, organization: org.name),
                                            purpose: MailPurpose(.approvalDecision, recordId: record.id), in: org))
        }
        return sent
    }
}
