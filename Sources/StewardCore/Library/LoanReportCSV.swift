import Foundation
import Translation

/// The overdue or due-soon report as a CSV file for a spreadsheet: one row per loan, the
/// borrower's name and contact details repeated on each so the rows sort and filter alone.
public enum LoanReportCSV {
    public static func text(_ report: LoanReport) -> String {
        var rows = [[
            trc("CSV column", "Borrower"), trc("CSV column", "Phone"), trc("CSV column", "Email"),
            trc("CSV column", "Title"), trc("CSV column", "Authors"), trc("CSV column", "ISBN"),
            trc("CSV column", "Lent on"), trc("CSV column", "Due on"), trc("CSV column", "Days late"),
            trc("CSV column", "Renewals"), trc("CSV column", "Loan"),
        ]]
        for group in report.groups {
            for line in group.lines {
                rows.append([group.name, group.phone, group.email, line.title, line.authors, line.isbn,
                             line.lentOn.description, line.dueOn.description, String(line.daysLate),
                             String(line.renewals), line.loanId.uuidString.lowercased()])
            }
        }
        return rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. A
    /// cell a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an
    /// apostrophe, so a borrower's name can never be code.
    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@".contains(first), Int(value) == nil { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
