import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl loans remind --overdue|--due-within DAYS [--json]`
struct LoansRemind: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "E-mail each borrower in the report a reminder of their books, through the organization's mail server.",
        discussion: """
            The borrowers of `stewardctl loans report` with the same options, each sent the \
            reminder the Loans page's Send Reminder sends; those with no e-mail on file are \
            named on stderr and skipped. Each message is in `stewardctl mail log` with its \
            result. Exit status 1 when mail is not set up or a reminder was not sent. With \
            --json, the mail log's entries of the reminders tried.
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
        let mail = MailService(database: database, credentials: LazyCredentialStore())
        guard await mail.isSetUp(organization) else { throw CLIError.failure(MailSendError.notSetUp.description) }
        let report = try await LoanService(database: database).report(kind, today: day, in: organization)
        var entries: [MailLogEntry] = []
        for group in report.groups {
            guard !group.email.trimmingCharacters(in: .whitespaces).isEmpty else {
                Console.note(tr("{name}: no e-mail on file, no reminder sent", ["name": group.name]))
                continue
            }
            let entry = try await LoanReminder.send(group, in: organization, mail: mail)
            entries.append(entry)
            guard !output.json else { continue }
            if let error = entry.error {
                Console.note(tr("{name}: not sent: {reason}", ["name": group.name, "reason": error]))
            } else {
                print(tr("Sent a reminder to {name} <{address}>", ["name": group.name, "address": entry.recipient]))
            }
        }
        if output.json { Console.printJSON(.array(entries.map(\.json))) }
        let failed = entries.filter { !$0.wasSent }.count
        if failed > 0 {
            throw CLIError.failure(trn("{count} reminder was not sent", "{count} reminders were not sent", failed))
        }
    }
}
