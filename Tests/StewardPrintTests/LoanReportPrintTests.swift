import Foundation
import Testing
@testable import StewardCore
@testable import StewardPrint

/// The overdue report on paper: a heading per borrower with their contact details, a line per
/// book with its due date and days late.
@Suite struct LoanReportPrintTests {
    static let report = LoanReport(kind: .overdue, today: LocalDate(year: 2026, month: 11, day: 20), groups: [
        LoanReport.Group(borrowerId: UUID(), name: "Ben Okafor", phone: "416-555-0102", email: "ben@example.org", lines: [
            LoanReport.Line(loanId: UUID(), bookId: UUID(), title: "Home", authors: "Marilynne Robinson", isbn: "",
                            lentOn: LocalDate(year: 2026, month: 10, day: 21), dueOn: LocalDate(year: 2026, month: 11, day: 11),
                            daysLate: 9, renewals: 0),
        ]),
    ])

    @Test func blocksNameEachBorrowerWithContactsThenTheirBooks() {
        let blocks = LoanReportPrint.blocks(of: Self.report, organization: "Maple Street Library")
        #expect(blocks.map(\.style) == [.title, .subtitle, .heading, .body])
        #expect(blocks[0].text == "Overdue Loans")
        #expect(blocks[1].text == "Maple Street Library · 2026-11-20 · 1 loan, 1 borrower")
        #expect(blocks[2].text == "Ben Okafor — 416-555-0102 · ben@example.org")
        #expect(blocks[3].text == "Home, Marilynne Robinson: due 2026-11-11, 9 days late")
    }

    @Test func thePDFReadsAsTheReport() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overdue-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PDFExport.write(PageLayout(blocks: LoanReportPrint.blocks(of: Self.report, organization: "Maple Street Library"),
                                       paper: .a4), to: path)
        let text = try BulletinPDFTests.text(ofPDF: path)
        #expect(text.contains("Overdue Loans"))
        #expect(text.contains("Ben Okafor"))
        #expect(text.contains("9 days late"))
    }
}
