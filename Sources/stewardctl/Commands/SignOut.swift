import ArgumentParser
import StewardCore
import StewardCredentials
import Translation

struct SignOut: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-out",
        abstract: "Sign the staff member out of an organization's remote store.",
        discussion: """
            The store is asked to end the session, then the tokens are forgotten on this \
            computer. Changes not sent yet are kept, and go out after the next sign-in.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let sessions = SessionService(database: database, credentials: LazyCredentialStore(),
                                      http: SyncOptions.fromEnvironment().http)
        let wasSignedIn = try await sessions.signOut(org: organization)
        print(wasSignedIn ? tr("Signed out of {org}.", ["org": organization.slug])
              : tr("{org} was not signed in.", ["org": organization.slug]))
    }
}
