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

    @Flag(help: "Loans out past their due date.")
    var overdue = false
    @Option(help: ArgumentHelp("Loans out and due from today through this many days from today (overdue ones aside).",
                               valueName: "days"))
    var dueWithin: Int?
    @Option(help: ArgumentHelp("The day to report on; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let kind: LoanReport.Kind
        switch (overdue, dueWithin) {
        case (true, nil): kind = .overdue
        case (false, let days?):
            guard days >= 0 else {
                throw CLIError.usage("due-within: " + tr("must be 0 or more days (got {value})", ["value": String(days)]))
            }
            kind = .dueWithin(days: days)
        case (true, _?):
            throw CLIError.usage(tr("give either --overdue or --due-within DAYS, not both"))
        case (false, nil):
            throw CLIError.usage(tr("say which loans: --overdue, or --due-within DAYS for those due in the next days"))
        }
        let day = try LoanDate.parse(on, option: "on")
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
