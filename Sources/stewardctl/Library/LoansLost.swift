import ArgumentParser
import StewardCore

/// `stewardctl loans lost ID`
struct LoansLost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lost",
        abstract: "Mark a loan lost, keeping who marked it and when; `loans return` settles it if the book turns up.")

    @OptionGroup var id: RecordIDArgument<LoanKind>
    @Option(help: ArgumentHelp("The day it was found lost; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let loanId = try id.uuid()
        let day = try LoanDate.parse(on, option: "on")
        try await move.run { service, org in try await service.mark(loanId, .lost, on: day, in: org) }
    }
}
