import ArgumentParser
import StewardCore
import StewardCredentials

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
        let service = RemoteService(database: database)
        // Checked before anything changes: a bad address or token leaves the sign-in in place.
        _ = try RemoteService.validatedConnection(url: url, token: token)
        if try await service.remote(for: organization)?.usesStaffSignIn == true {
            // From now on the token is used: the staff session ends, on the store too.
            try await SessionService(database: database, credentials: LazyCredentialStore(),
                                     http: SyncOptions.fromEnvironment().http).signOut(org: organization)
        }
        let remote = try await service.connect(organization, url: url, token: token)
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
            "token": remote.usesStaffSignIn ? .null : .string(masked(remote.token)),
            "staffEmail": .optional(remote.staffEmail),
            "staffRole": .optional(remote.staffRole?.rawValue),
            "signedIn": .bool(remote.usesStaffSignIn && remote.signedIn),
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
        record.add("signed in", signedIn(remote))
        record.add("client id", remote.clientId)
        record.add("last sync", remote.lastSyncAt.map { DateTimeText.utc($0) } ?? "never")
        record.add("pending", "\(status.pending + status.inFlight) change(s) to send")
        record.add("conflicts", "\(status.conflicts)")
        record.add("dead letters", "\(status.deadLetters)")
        return record.lines
    }

    /// "ann@grace.example (Editor)", "no (last: ann@grace.example)", or "with token ****abcd".
    static func signedIn(_ remote: Remote) -> String {
        guard let email = remote.staffEmail else { return "no, an API token is used (\(masked(remote.token)))" }
        guard remote.signedIn else { return "no, signed out (last: \(email)); sign in with `stewardctl sign-in`" }
        return "\(email) (\(remote.staffRole?.displayName ?? "unknown role"))"
    }

    /// The token's last four characters, the rest as stars.
    static func masked(_ token: String) -> String {
        token.count <= 4 ? String(repeating: "*", count: token.count)
            : String(repeating: "*", count: min(8, token.count - 4)) + token.suffix(4)
    }
}
