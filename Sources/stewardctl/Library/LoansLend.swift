import ArgumentParser
import StewardCore

/// `stewardctl loans lend --book ID --borrower ID [--due DATE]`
struct LoansLend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lend",
        abstract: "Lend a book to a borrower, due after the organization's loan period (21 days unless its lending policy says otherwise).",
        discussion: """
            A book on an open loan (out, lost or claims-returned) is not lent again: the command \
            says who has it and exits with status 2. Prints the new loan, its id alone on the first line.
            """)

    @Option(help: ArgumentHelp("The id of the book to lend (see `stewardctl books list`).", valueName: "id"))
    var book: String
    @Option(help: ArgumentHelp("The id of who borrows it (see `stewardctl borrowers list`).", valueName: "id"))
    var borrower: String
    @Option(help: ArgumentHelp("The day it is due back, like 2026-12-27; default: the loan period from the day lent.",
                               valueName: "YYYY-MM-DD"))
    var due: String?
    @Option(help: ArgumentHelp("The day it is lent; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?
    @Option(help: ArgumentHelp("A note kept with the loan.", valueName: "text"))
    var note: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let bookId = try RecordLookup.id(book, of: .book, option: "book")
        let borrowerId = try RecordLookup.id(borrower, of: .borrower, option: "borrower")
        let dueOn = try LoanDate.parse(due, option: "due")
        let lentOn = try LoanDate.parse(on, option: "on")
        try await move.run { service, org in
            try await service.lend(book: bookId, to: borrowerId, on: lentOn, due: dueOn, note: note ?? "", in: org)
        }
    }
}
