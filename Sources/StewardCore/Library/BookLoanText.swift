import Foundation
import GRDB
import Translation

/// What the Books list says of a book's copy (each book record is one copy): "Out · due 3 Dec",
/// "Overdue · due 18 Nov", "Lost", "Claims returned", or nothing when it is on the shelf. Staff
/// see at a glance which copies are out without opening the Loans view.
public enum BookLoanText {
    /// The words for a book's open loan on `today` (the organization's day).
    public static func text(ofOpenLoan fields: JSONValue, today: LocalDate) -> String {
        let state = LoanState(fields: fields)
        guard state == .out else { return state.text }
        guard let due = fields["dueOn"]?.stringValue.flatMap(LocalDate.init(iso:)) else { return state.text }
        let day = DatePatternText.format(due.startOfDay(in: .gmt), "d MMM", zone: .gmt)
        return due < today ? tr("Overdue · due {date}", ["date": day]) : tr("Out · due {date}", ["date": day])
    }
}

extension LoanService {
    /// The loan words of those of `books` that are not on the shelf (on the shelf: no entry),
    /// read through the open-loan index, so a page of the list costs the same however many
    /// past loans the library keeps.
    public func loanTexts(ofBooks books: [UUID], today: LocalDate? = nil, in org: Organization) async throws -> [UUID: String] {
        guard !books.isEmpty else { return [:] }
        let today = today ?? Self.today(in: org)
        let loans = try await database.writer.read { db in
            try LoanQueries.openLoans(ofBooks: books.map(UUIDColumn.encode), orgId: org.id, db)
        }
        var texts: [UUID: String] = [:]
        for loan in loans {
            guard let book = loan["book"]?.stringValue.flatMap(UUID.init(uuidString:)) else { continue }
            texts[book] = BookLoanText.text(ofOpenLoan: loan.fields, today: today)
        }
        return texts
    }
}
