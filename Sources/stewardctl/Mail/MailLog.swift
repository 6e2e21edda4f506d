import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl mail log [--json]`
struct MailLog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the mail sent or tried, newest first, with the result of each.",
        discussion: """
            With --json, an array of {"id", "at" (UTC), "to", "subject", "purpose" (test, \
            loan-reminder, lead-hand-off or approval-decision), "recordId", "result" (sent or \
            failed), "error", "messageId"}.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Show at most this many messages.", valueName: "count"))
    var limit: Int = 100

    func run() async throws {
        guard limit > 0 else { throw CLIError.usage("limit: " + tr("must be 1 or more (got {value})", ["value": String(limit)])) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let entries = try await MailService(database: database, credentials: nil).log(for: organization, limit: limit)
        if output.json {
            Console.printJSON(.array(entries.map(\.json)))
            return
        }
        guard !entries.isEmpty else {
            print(tr("No mail sent yet for {org}.", ["org": organization.slug]))
            return
        }
        var table = Table(trc("output label", "when (UTC)"), trc("output label", "result"), trc("output label", "what for"),
                          trc("output label", "to"), trc("output label", "subject"))
        for entry in entries {
            table.append(DateTimeText.utc(entry.sentAt), entry.error.map { tr("failed: {reason}", ["reason": $0]) } ?? tr("sent"),
                         entry.purpose.kind.title, entry.recipient, entry.subject)
        }
        Console.print(table.lines)
    }
}
