import ArgumentParser
import StewardCore

/// What `loans lost` and `loans claims-returned` differ in: the state they mark and their words.
protocol LoanMark {
    static var state: LoanState { get }
    static var configuration: CommandConfiguration { get }
    static var dayHelp: String { get }
}

enum LostMark: LoanMark {
    static var state: LoanState { .lost }
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lost",
            abstract: "Mark a loan lost, keeping who marked it and when; `loans return` settles it if the book turns up.")
    }
    static var dayHelp: String { "The day it was found lost; default: today in the organization's time zone." }
}

enum ClaimsReturnedMark: LoanMark {
    static var state: LoanState { .claimsReturned }
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "claims-returned",
            abstract: "Mark a loan claims-returned (the borrower says it came back; it has not been found), keeping who marked it and when.",
            discussion: "The loan stays open until `stewardctl loans return` settles it.")
    }
    static var dayHelp: String { "The day of the claim; default: today in the organization's time zone." }
}

/// `stewardctl loans lost ID` and `stewardctl loans claims-returned ID`.
struct LoansMark<Mark: LoanMark>: AsyncParsableCommand {
    static var configuration: CommandConfiguration { Mark.configuration }

    @OptionGroup var id: RecordIDArgument<LoanKind>
    @Option(help: ArgumentHelp(Mark.dayHelp, valueName: "YYYY-MM-DD"))
    var on: String?
    @OptionGroup var move: LoanMoveArguments

    func run() async throws {
        let loanId = try id.uuid()
        let day = try LoanDate.parse(on, option: "on")
        try await move.run { service, org in try await service.mark(loanId, Mark.state, on: day, in: org) }
    }
}
