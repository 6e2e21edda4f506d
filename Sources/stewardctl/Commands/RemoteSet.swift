import ArgumentParser
import StewardCore

struct RemoteSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Connect an organization to a remote store.",
        discussion: """
            The console's organization syncs with the store's organization of the same slug. \
            Setting the connection again (a new token, say) keeps what was already sent; a \
            different address starts the next pull from the beginning.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The store's address: http:// or https://, like https://store.example.org.",
                               valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The store token for this organization (admin or staff role to push).",
                               valueName: "token"))
    var token: String

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let remote = try await RemoteService(database: database).connect(organization, url: url, token: token)
        if output.json {
            Console.printJSON(RemoteOutput.json(remote, status: nil))
        } else {
            print("Connected \(organization.slug) to \(remote.url) (store organization \(remote.storeOrg)).")
        }
    }
}

/// How a connection is shown; the token never is, only whether there is one.
enum RemoteOutput {
    static func json(_ remote: Remote, status: SyncStatus?) -> JSONValue {
        var object: [String: JSONValue] = [
            "url": .string(remote.url),
            "storeOrg": .string(remote.storeOrg),
            "clientId": .string(remote.clientId),
            "lastMutationId": .int(remote.lastAssignedMutationId),
            "cursor": .string(remote.cursor),
            "lastSyncAt": .optional(remote.lastSyncAt.map { DateTimeText.utc($0) }),
            "token": .string(masked(remote.token)),
        ]
        if let status {
            object["pending"] = .int(Int64(status.pending))
            object["inFlight"] = .int(Int64(status.inFlight))
            object["conflicts"] = .int(Int64(status.conflicts))
            object["deadLetters"] = .int(Int64(status.deadLetters))
        }
        return .object(object)
    }

    static func record(_ remote: Remote, status: SyncStatus) -> [String] {
        var record = Record()
        record.add("url", remote.url)
        record.add("store org", remote.storeOrg)
        record.add("token", masked(remote.token))
        record.add("client id", remote.clientId)
        record.add("last sync", remote.lastSyncAt.map { DateTimeText.utc($0) } ?? "never")
        record.add("pending", "\(status.pending + status.inFlight) change(s) to send")
        record.add("conflicts", "\(status.conflicts)")
        record.add("dead letters", "\(status.deadLetters)")
        return record.lines
    }

    /// The token's last four characters, the rest as stars.
    static func masked(_ token: String) -> String {
        token.count <= 4 ? String(repeating: "*", count: token.count)
            : String(repeating: "*", count: min(8, token.count - 4)) + token.suffix(4)
    }
}
