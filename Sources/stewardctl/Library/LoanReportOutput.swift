import Foundation
import StewardCore
import Translation

/// How the overdue and due-soon report prints: borrowers with their contact details, each
/// followed by their loans.
enum LoanReportOutput {
    static func json(_ report: LoanReport) -> JSONValue {
        .array(report.groups.map { group in
            .object([
                "borrower": .object([
                    "id": .optional(group.borrowerId.map(key)), "name": .string(group.name),
                    "phone": .string(group.phone), "email": .string(group.email),
                ]),
                "mostDaysLate": .int(Int64(group.mostDaysLate)),
                "loans": .array(group.lines.map { line in
                    .object([
                        "id": .string(key(line.loanId)), "book": .optional(line.bookId.map(key)),
                        "title": .string(line.title), "authors": .string(line.authors), "isbn": .string(line.isbn),
                        "lentOn": .string(line.lentOn.description), "dueOn": .string(line.dueOn.description),
                        "daysLate": .int(Int64(line.daysLate)), "renewals": .int(Int64(line.renewals)),
                    ])
                }),
            ])
        })
    }

    static func lines(_ report: LoanReport, org: Organization) -> [String] {
        guard !report.groups.isEmpty else {
            switch report.kind {
            case .overdue: return [tr("No overdue loans in {org}.", ["org": org.slug])]
            case .dueWithin(let days):
                return [trn("No loans in {org} are due in the next {count} day.", "No loans in {org} are due in the next {count} days.",
                            days, ["org": org.slug])]
            }
        }
        var lines: [String] = []
        for group in report.groups {
            if !lines.isEmpty { lines.append("") }
            let contact = [group.phone, group.email].filter { !$0.isEmpty }.joined(separator: ", ")
            lines.append(contact.isEmpty ? group.name : "\(group.name) (\(contact))")
            var table = Table(trc("table heading", "LOAN"), trc("table heading", "DUE"), trc("table heading", "LATE"),
                              trc("table heading", "TITLE"), trc("table heading", "ISBN"))
            for line in group.lines {
                table.append(key(line.loanId), line.dueOn.description, lateness(line.daysLate), line.title, line.isbn)
            }
            lines += table.lines.map { "  " + $0 }
        }
        lines.append("")
        lines.append(trn("{count} loan", "{count} loans", report.loanCount) + ", "
                     + trn("{count} borrower", "{count} borrowers", report.groups.count))
        return lines
    }

    /// "3 days late", "due today", "due in 2 days".
    static func lateness(_ days: Int) -> String { LoanLateness.text(days) }

    private static func key(_ id: UUID) -> String { id.uuidString.lowercased() }
}
