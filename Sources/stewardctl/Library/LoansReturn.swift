import ArgumentParser
import StewardCore

/// `stewardctl loans return ID`
struct LoansReturn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "return",
        abstract: "Take a book back: the loan is returned, with the day and a note on the book's condition.",
        discussion: "A lost or claims-returned loan is settled this way too, once the book turns up.")

    @OptionGroup var id: RecordIDArgument<LoanKind>
    @Option(help: ArgumentHelp("The day it came back; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?
    @Option(help: ArgumentHelp("The book's condition, like \"water damage on the cover\".", valueName: "text"))
    var condition: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let loanId = try id.uuid()
        let day = try LoanDate.parse(on, option: "on")
        try await move.run { service, org in try await service.giveBack(loanId, on: day, condition: condition ?? "", in: org) }
    }
}
