import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl mail set --smtp URL --user NAME --password-stdin --from ADDRESS`
struct MailSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the mail server the organization's e-mail is sent through.",
        discussion: """
            smtp://HOST:587 sends with STARTTLS, which is required (nothing is sent unencrypted \
            to another computer); smtps://HOST:465 is TLS from the start. The password (for Gmail \
            and Microsoft 365, an app password) is the first line of standard input, or asked \
            without echo on a terminal; it is kept in the desktop keyring, or where none runs in \
            $XDG_DATA_HOME/steward/credentials (readable by you only), never in the database. \
            Setting again without a password keeps the one kept before. Check it all with \
            `stewardctl mail test --to ADDRESS`.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The mail server: smtp://HOST:587 (STARTTLS) or smtps://HOST:465 (TLS), like smtp://smtp.gmail.com:587.",
                               valueName: "url"))
    var smtp: String

    @Option(help: ArgumentHelp("The user name to sign in to the mail server with (often the account's address); leave it out for a server that needs none.",
                               valueName: "name"))
    var user: String?

    @Flag(help: "Read the password from standard input (its first line), or ask for it on a terminal. Needed with --user the first time.")
    var passwordStdin = false

    @Option(help: ArgumentHelp("Read the password from this file (its first line) each time mail is sent, instead of keeping it in the keyring.",
                               valueName: "file"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("The address mail is sent from, like office@example.org; the organization's name is shown with it.",
                               valueName: "address"))
    var from: String

    @Option(help: ArgumentHelp("A PEM file of CA certificates the mail server's certificate must be signed by, in place of the system's certificate authorities.",
                               valueName: "file"))
    var caFile: String?

    func run() async throws {
        if passwordStdin, passwordFile != nil {
            throw CLIError.usage("password-file: " + tr("give either {first} or {second}, not both",
                                                        ["first": "--password-stdin", "second": "--password-file"]))
        }
        if (passwordStdin || passwordFile != nil), (user ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw CLIError.usage("user: " + tr("is required with a password: give the mail account's user name"))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        var password = MailSettingsInput.Password.keep
        if passwordStdin {
            password = .set(try PasswordInput.read(prompt: tr("Password for {user}: ", ["user": user ?? ""])))
        } else if let passwordFile {
            password = .file(passwordFile)
        }
        let credentials = LazyCredentialStore()
        let service = MailService(database: database, credentials: credentials)
        let input = MailSettingsInput(smtpURL: smtp, user: user ?? "", from: from, password: password, caFile: caFile)
        let settings: MailSettings
        do {
            settings = try await service.save(input, for: organization)
        } catch let error as StewardCore.ValidationError {
            throw CLIError.usage(MailOutput.optionMessage(error))
        }
        let kept = MailOutput.passwordPlace(settings, hasPassword: service.hasPassword(for: organization),
                                            store: credentials.displayName)
        if output.json {
            Console.printJSON(MailOutput.json(settings, password: kept))
        } else {
            print(tr("Mail for {org} goes through {url} from {from}.",
                     ["org": organization.slug, "url": settings.server.url, "from": settings.from]))
            Console.print(MailOutput.record(settings, password: kept))
        }
    }
}
