import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl loans report --overdue|--due-within DAYS [--json]`
struct LoansReport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The loans to chase, grouped by borrower with their phone and e-mail: overdue, or due in the next days.",
        discussion: """
            Only loans that are out count (not lost or claims-returned ones). Borrowers come most \
            overdue first (for --due-within, soonest due first); each borrower's loans likewise. \
            With --json, an array with one object per borrower: {"borrower": {"id", "name", \
            "phone", "email"}, "mostDaysLate", "loans": [{"id", "book", "title", "authors", "isbn", \
            "lentOn", "dueOn", "daysLate", "renewals"}]}; daysLate is negative for a loan not yet due.
            """)

    @OptionGroup var which: LoanReportKindOptions
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let kind = try which.kind()
        let day = try which.day()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let report = try await LoanService(database: database).report(kind, today: day, in: organization)
        if output.json {
            Console.printJSON(LoanReportOutput.json(report))
        } else {
            Console.print(LoanReportOutput.lines(report, org: organization))
        }
    }
}
