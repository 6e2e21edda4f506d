import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// Which loans a report (or its reminders) is about: `--overdue` or `--due-within DAYS`, on
/// `--on` (today by default).
struct LoanReportKindOptions: ParsableArguments {
    @Flag(help: "Loans out past their due date.")
    var overdue = false
    @Option(help: ArgumentHelp("Loans out and due from today through this many days from today (overdue ones aside).",
                               valueName: "days"))
    var dueWithin: Int?
    @Option(help: ArgumentHelp("The day to report on; default: today in the organization's time zone.", valueName: "YYYY-MM-DD"))
    var on: String?

    func kind() throws -> LoanReport.Kind {
        switch (overdue, dueWithin) {
        case (true, nil): return .overdue
        case (false, let days?):
            guard days >= 0 else {
                throw CLIError.usage("due-within: " + tr("must be 0 or more days (got {value})", ["value": String(days)]))
            }
            return .dueWithin(days: days)
        case (true, _?):
            throw CLIError.usage(tr("give either --overdue or --due-within DAYS, not both"))
        case (false, nil):
            throw CLIError.usage(tr("say which loans: --overdue, or --due-within DAYS for those due in the next days"))
        }
    }

    func day() throws -> LocalDate? {
        try LoanDate.parse(on, option: "on")
    }
}
