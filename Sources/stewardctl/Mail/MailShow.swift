import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl mail show`
struct MailShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the organization's mail server (never the password, only where it is kept).",
        discussion: "Exit status 1 when mail is not set up for the organization.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let credentials = LazyCredentialStore()
        let service = MailService(database: database, credentials: credentials)
        guard let settings = try await service.settings(for: organization) else {
            throw CLIError.failure(MailSendError.notSetUp.description)
        }
        let kept = MailOutput.passwordPlace(settings, hasPassword: !settings.user.isEmpty && settings.passwordFile == nil
                                                && service.hasPassword(for: organization), store: credentials.displayName)
        if output.json {
            Console.printJSON(MailOutput.json(settings, password: kept))
        } else {
            Console.print(MailOutput.record(settings, password: kept))
        }
    }
}
