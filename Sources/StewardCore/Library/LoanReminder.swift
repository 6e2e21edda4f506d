import Foundation
import Translation

/// A reminder to one borrower by e-mail: sent through the organization's mail server when one
/// is set up (`send`), or as a draft, a `mailto:` address the desktop's mail program opens with
/// the subject and the list of books filled in, for staff to read, change and send.
public enum LoanReminder {
    public static func subject(_ group: LoanReport.Group, organization: String) -> String {
        let overdue = group.lines.contains { $0.daysLate > 0 }
        return overdue ? tr("Overdue books from {organization}", ["organization": organization])
                       : tr("Books due soon at {organization}", ["organization": organization])
    }

    public static func body(_ group: LoanReport.Group, organization: String) -> String {
        var lines = [tr("Hello {name},", ["name": group.name]), ""]
        lines.append(group.lines.contains { $0.daysLate > 0 }
            ? tr("Our records show these books are past their due date:")
            : tr("A reminder that these books are due back soon:"))
        lines.append("")
        for line in group.lines {
            let book = line.authors.isEmpty ? line.title
                : tr("{title} by {authors}", ["title": line.title, "authors": line.authors])
            let when = line.daysLate > 0
                ? trn("due {date}, {count} day late", "due {date}, {count} days late", line.daysLate,
                      ["date": line.dueOn.description])
                : tr("due {date}", ["date": line.dueOn.description])
            lines.append("- \(book) (\(when))")
        }
        lines += ["", tr("Please bring them back or let us know if you would like to renew them."), "",
                  tr("Thank you,"), organization]
        return lines.joined(separator: "\n")
    }

    /// The draft to the borrower (see `MailDraft`); nil when the borrower has no e-mail.
    public static func mailto(_ group: LoanReport.Group, organization: String) -> String? {
        MailDraft.mailto(to: group.email, subject: subject(group, organization: organization),
                         body: body(group, organization: organization))
    }
}
