import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl mail test --to ADDRESS`
struct MailTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Send a test message through the organization's mail server.",
        discussion: """
            Prints the Message-ID when the server took the message; otherwise says what to fix \
            (a refused address, a wrong password, a port or TLS choice that does not match the \
            server) and exits 1. Either way the message is in `stewardctl mail log`.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Who the test message goes to, like you@example.org.", valueName: "address"))
    var to: String

    func run() async throws {
        let address = to.trimmingCharacters(in: .whitespaces)
        if let problem = MailAddress.problem(address) { throw CLIError.usage("to: " + problem) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = MailService(database: database, credentials: LazyCredentialStore())
        let entry: MailLogEntry
        do {
            entry = try await service.send(to: address, subject: TestMail.subject(organization: organization.name),
                                           body: TestMail.body(organization: organization.name),
                                           purpose: MailPurpose(.test), in: organization)
        } catch let error as MailSendError {
            throw CLIError.failure(error.description)
        }
        if output.json { Console.printJSON(entry.json) }
        guard let error = entry.error else {
            if !output.json {
                print(tr("Sent a test message to {address} ({id}).", ["address": address, "id": entry.messageID]))
            }
            return
        }
        throw CLIError.failure(tr("not sent: {reason}", ["reason": error]))
    }
}
