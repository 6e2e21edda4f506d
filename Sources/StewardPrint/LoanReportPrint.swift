import Foundation
import StewardCore
import Translation

/// The overdue or due-soon report on paper: a heading per borrower with their phone and
/// e-mail, then a line per book with its due date and how late it is, so staff can work
/// down the page with a telephone.
public enum LoanReportPrint {
    public static func blocks(of report: LoanReport, organization: String) -> [PrintBlock] {
        let title: String
        switch report.kind {
        case .overdue: title = tr("Overdue Loans")
        case .dueWithin(let days): title = trn("Loans Due in the Next {count} Day", "Loans Due in the Next {count} Days", days)
        }
        var blocks = [PrintBlock(.title, title)]
        let counted = trn("{count} loan", "{count} loans", report.loanCount) + ", "
            + trn("{count} borrower", "{count} borrowers", report.groups.count)
        blocks.append(PrintBlock(.subtitle, [organization, report.today.description, counted].filter { !$0.isEmpty }
            .joined(separator: " · ")))
        if report.groups.isEmpty {
            blocks.append(PrintBlock(.body, tr("No loans to chase.")))
        }
        for group in report.groups {
            let contact = [group.phone, group.email].filter { !$0.isEmpty }.joined(separator: " · ")
            blocks.append(PrintBlock(.heading, contact.isEmpty ? group.name : "\(group.name) — \(contact)"))
            for line in group.lines {
                let book = line.authors.isEmpty ? line.title : "\(line.title), \(line.authors)"
                blocks.append(PrintBlock(.body, tr("{book}: due {date}, {lateness}",
                                                   ["book": book, "date": line.dueOn.description,
                                                    "lateness": LoanLateness.text(line.daysLate)])))
            }
        }
        return blocks
    }
}
