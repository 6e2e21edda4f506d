import Foundation
import GRDB
import Translation

/// What the Books list says of a book's copy (each book record is one copy): "Out · due 3 Dec",
/// "Overdue · 18 Nov" (the day it was due), "Lost", "Claims returned", or nothing when it is on
/// the shelf. Staff
/// see at a glance which copies are out without opening the Loans view.
public enum BookLoanText {
    /// The words for a book's open loan on `today` (the organization's day).
    public static func text(ofOpenLoan fields: JSONValue, today: LocalDate) -> String {
        let state = LoanState(fields: fields)
        // Said shorter than the Loans list's status where a language's is long ("Dice que lo
        // devolvió"), so the Books list's column fits a 1,000-pixel window.
        if state == .claimsReturned { return trc("book on loan", "Claims returned") }
        guard state == .out else { return state.text }
        guard let due = fields["dueOn"]?.stringValue.flatMap(LocalDate.init(iso:)) else { return state.text }
        let day = DatePatternText.format(due.startOfDay(in: .gmt), "d MMM", zone: .gmt)
        return due < today ? tr("Overdue · {date}", ["date": day]) : tr("Out · due {date}", ["date": day])
    }

    /// How many characters the longest of these words takes in the person's language (a
    /// two-digit day), for a column they are never cut in.
    public static var longestCount: Int {
        let today = LocalDate(year: 2026, month: 11, day: 20)
        let samples: [JSONValue] = [
            .object(["state": .string("out"), "dueOn": .string("2026-11-28")]),
            .object(["state": .string("out"), "dueOn": .string("2026-11-18")]),
            .object(["state": .string("lost")]),
            .object(["state": .string("claims-returned")]),
        ]
        return samples.map { text(ofOpenLoan: $0, today: today).count }.max() ?? 0
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
