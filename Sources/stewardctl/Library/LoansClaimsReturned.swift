import ArgumentParser
import StewardCore

/// `stewardctl loans claims-returned ID`
struct LoansClaimsReturned: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claims-returned",
        abstract: "Mark a loan claims-returned (the borrower says it came back; it has not been found), keeping who marked it and when.",
        discussion: "The loan stays open until `stewardctl loans return` settles it.")

    @OptionGroup var id: RecordIDArgument<LoanKind>
    @Option(help: ArgumentHelp("The day of the claim; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let loanId = try id.uuid()
        let day = try LoanDate.parse(on, option: "on")
        try await move.run { service, org in try await service.mark(loanId, .claimsReturned, on: day, in: org) }
    }
}
