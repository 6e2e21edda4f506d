import ArgumentParser
import StewardCore

/// `stewardctl loans renew ID [--due DATE]`
struct LoansRenew: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Renew a loan that is out: a new due date and one more renewal, up to the organization's limit (2 unless its lending policy says otherwise).",
        discussion: "A loan at its renewal limit, or not out, is refused with exit status 2.")

    @OptionGroup var id: RecordIDArgument<LoanKind>
    @Option(help: ArgumentHelp("The new due date, like 2027-01-17; default: the loan period from today or from the current due date, whichever is later.",
                               valueName: "YYYY-MM-DD"))
    var due: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let loanId = try id.uuid()
        let dueOn = try LoanDate.parse(due, option: "due")
        try await move.run { service, org in try await service.renew(loanId, due: dueOn, in: org) }
    }
}
