import ArgumentParser
import StewardCore
import StewardCredentials

struct RemoteShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an organization's remote store and where its sync stands.",
        discussion: "The token is shown masked. Exit status 1 when the organization is not connected.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RemoteService(database: database, credentials: LazyCredentialStore())
        await service.moveTokensToCredentialStore()
        let status = try await service.status(for: organization)
        guard let remote = status.remote else {
            throw SyncError.notConnected(slug: organization.slug).cliError
        }
        let token = try? service.apiToken(for: remote)
        if output.json {
            Console.printJSON(RemoteOutput.json(remote, token: token, status: status))
        } else {
            Console.print(RemoteOutput.record(remote, token: token, status: status))
        }
    }
}
