import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

struct SignIn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: "Sign in to an organization's remote store as a staff member.",
        discussion: """
            The password is read from standard input: typed without echo on a terminal, or the \
            first line of what is piped in. It is sent to the store once and never kept; the \
            store's tokens are kept in the desktop keyring, or where no keyring runs in \
            $XDG_DATA_HOME/steward/credentials (readable by you only). $STEWARD_CREDENTIALS=file \
            or keyring forces one. Signing in connects the organization to the store (like \
            `remote set`, keeping what was already sent); `stewardctl sync` and the window then \
            sync as this staff member. A plain http:// address is refused unless it is this \
            computer or --allow-insecure is given.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The store's address, like https://store.example.org (http:// only for this computer, or with --allow-insecure).",
                               valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The email you sign in to the store with.", valueName: "email"))
    var email: String

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        // Refused before the password is asked for: it would be sent in the clear.
        if !connection.allowInsecure && Loopback.isUnencryptedOffLoopback(url) {
            var address = url.trimmingCharacters(in: .whitespaces)
            while address.hasSuffix("/") { address.removeLast() }
            throw CLIError.usage(InsecureConnectionError(url: address).cliMessage)
        }
        // Chosen first: a misconfigured store is reported before the password is asked for.
        let credentials = try CredentialStores.standard()
        let password = try PasswordInput.read(prompt: tr("Password for {email} at {url}: ", ["email": email, "url": url]))
        let sessions = SessionService(database: database, credentials: credentials,
                                      http: SyncOptions.fromEnvironment().http)
        let session: StaffSession
        do {
            session = try await sessions.signIn(org: organization, url: url, email: email, password: password,
                                                security: connection.security)
        } catch let insecure as InsecureConnectionError {
            throw CLIError.usage(insecure.cliMessage)
        }
        if output.json {
            Console.printJSON(SessionOutput.json(session, org: organization))
        } else {
            print(tr("Signed in to {org} at {url} as {email} ({role}).",
                     ["org": organization.slug, "url": session.url, "email": session.email,
                      "role": session.role.displayName]))
        }
    }
}

/// How a sign-in is shown.
enum SessionOutput {
    static func json(_ session: StaffSession, org: Organization) -> JSONValue {
        .object([
            "org": .string(org.slug), "url": .string(session.url), "email": .string(session.email),
            "role": .string(session.role.rawValue), "canEdit": .bool(session.role.canEdit),
        ])
    }
}
