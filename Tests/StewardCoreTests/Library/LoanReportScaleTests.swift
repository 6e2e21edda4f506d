import Foundation
import GRDB
import Testing
@testable import StewardCore

/// The report and "who has this book" read only the open loans, through their partial indexes,
/// however many books and past loans the shared record table holds.
@Suite("Loans at scale")
struct LoanReportScaleTests {
    @Test("the open-loan queries use their indexes")
    func queryPlans() async throws {
        let library = try await LibraryFixture()
        let plans = try await library.database.writer.read { db in
            try ["SELECT * FROM record WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') = 'out' AND orgId = 'x' AND json_extract(fields, '$.dueOn') BETWEEN '0' AND '9'",
                 "SELECT * FROM record WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') <> 'returned' AND orgId = 'x' AND json_extract(fields, '$.book') = 'b'"]
                .map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        #expect(plans[0].contains("record_open_loan_due"), "\(plans[0])")
        #expect(plans[1].contains("record_open_loan_book"), "\(plans[1])")
    }

    @Test("100,000 books and 100,000 past loans: the overdue report counts only the open ones, and a lent book is refused")
    func hundredThousandBooks() async throws {
        let library = try await LibraryFixture()
        let borrower = library.borrowers[0].uuidString.lowercased()
        let org = library.org.id.uuidString.lowercased()
        let firstBook = try await library.database.writer.write { db -> String in
            var firstBook = ""
            let insert = try db.makeStatement(sql: """
                INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
                VALUES (?, ?, ?, 0, '2026-11-20 00:00:00.000', '2026-11-20 00:00:00.000', 0, ?)
                """)
            for index in 0..<100_000 {
                let book = UUID().uuidString.lowercased()
                if index == 0 { firstBook = book }
                try insert.execute(arguments: ["book", book, org, #"{"title":"Book \#(index)"}"#])
                let state = index % 1_000 == 0 ? #""state":"out","returnedOn":null"# : #""state":"returned","returnedOn":"2026-01-20""#
                let loan = #"{"book":"\#(book)","borrower":"\#(borrower)","lentOn":"2026-01-01","dueOn":"2026-01-\#(10 + index % 10)","renewals":0,\#(state)}"#
                try insert.execute(arguments: ["loan", UUID().uuidString.lowercased(), org, loan])
            }
            return firstBook
        }
        // Speed is measured by `steward-bench --library`, not here: these machines are noisy.
        let report = try await library.loans.report(.overdue, today: library.today, in: library.org)
        #expect(report.loanCount == 100)
        var refused = false
        do {
            try await library.loans.lend(book: UUID(uuidString: firstBook)!, to: library.borrowers[1], in: library.org)
        } catch is ValidationError { refused = true }
        #expect(refused, "the first book is on an open loan")
    }
}
