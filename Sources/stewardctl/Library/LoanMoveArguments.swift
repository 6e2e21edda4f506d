import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// What every loan move shares: the organization, the output, and printing the loan after it.
struct LoanMoveArguments: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    /// Runs the move and prints the loan as `loans show` does, its id alone on the first line.
    func run(_ move: (LoanService, Organization) async throws -> LocalRecord) async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let loan = try await move(LoanService(database: database), organization)
        let out = try await RecordOutput.load(.loan, org: organization, service: RecordService(database: database))
        if output.json {
            Console.printJSON(out.json(loan))
        } else {
            print(loan.key)
            Console.print(Array(out.lines(loan).dropFirst()))
        }
    }
}

/// Dates the loan commands take, as `YYYY-MM-DD`; a malformed one is a usage error (exit 2).
enum LoanDate {
    static func parse(_ text: String?, option: String) throws -> LocalDate? {
        guard let text else { return nil }
        guard let day = LocalDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage(option + ": " + tr("must be a date like 2026-12-06 (got \"{value}\")", ["value": text]))
        }
        return day
    }
}
