import ArgumentParser
import CommandLineSupport
import StewardCore
import StewardCredentials
import Translation

struct RemoteSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Connect an organization to a remote store.",
        discussion: """
            The console's organization syncs with the store's organization of the same slug. \
            Setting the connection again (a new token, say) keeps what was already sent; a \
            different address starts the next pull from the beginning. The token is kept in the \
            desktop keyring, or where none runs in $XDG_DATA_HOME/steward/credentials (readable \
            by you only), never in the database. A plain http:// address is refused unless it is \
            this computer or --allow-insecure is given.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The store's address, like https://store.example.org (http:// only for this computer, or with --allow-insecure).",
                               valueName: "url"))
    var url: String

    @OptionGroup var tokenInput: TokenInput
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let token = try tokenInput.read()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        // Checked before anything changes: a bad address, token or CA file, or an unencrypted
        // address not allowed, leaves the connection (and any sign-in) in place.
        do {
            _ = try RemoteService.validatedConnection(url: url, token: token, allowInsecure: connection.allowInsecure,
                                                      caFile: connection.caFile)
        } catch let insecure as InsecureConnectionError {
            throw CLIError.usage(insecure.cliMessage)
        }
        let credentials = LazyCredentialStore()
        let service = RemoteService(database: database, credentials: credentials)
        if try await service.remote(for: organization)?.usesStaffSignIn == true {
            // From now on the token is used: the staff session ends, on the store too.
            try await SessionService(database: database, credentials: credentials,
                                     http: SyncOptions.fromEnvironment().http).signOut(org: organization)
        }
        let remote = try await service.connect(organization, url: url, token: token, security: connection.security)
        if output.json {
            Console.printJSON(RemoteOutput.json(remote, token: token, status: nil))
        } else {
            print(tr("Connected {org} to {url} (store organization {storeOrg}).",
                     ["org": organization.slug, "url": remote.url, "storeOrg": remote.storeOrg]))
            if remote.allowInsecure && Loopback.isUnencryptedOffLoopback(remote.url) {
                Console.warn(tr("the token will cross the network unencrypted ({option}); use https:// as soon as the store has it",
                                ["option": "--allow-insecure"]))
            }
        }
    }
}

/// How a connection is shown; the token never is, only its last four characters.
enum RemoteOutput {
    /// `token`: the API token the remote uses, if it could be read (shown masked).
    static func json(_ remote: Remote, token: String?, status: SyncStatus?) -> JSONValue {
        var object: [String: JSONValue] = [
            "url": .string(remote.url),
            "storeOrg": .string(remote.storeOrg),
            "clientId": .string(remote.clientId),
            "lastMutationId": .int(remote.lastAssignedMutationId),
            "cursor": .string(remote.cursor),
            "lastSyncAt": .optional(remote.lastSyncAt.map { DateTimeText.utc($0) }),
            "token": remote.usesStaffSignIn ? .null : token.map { .string(masked($0)) } ?? .null,
            "allowInsecure": .bool(remote.allowInsecure),
            "caFile": .optional(remote.caFile),
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

    static func record(_ remote: Remote, token: String?, status: SyncStatus) -> [String] {
        var record = Record()
        record.add(trc("output label", "url"), remote.url)
        record.add(trc("output label", "security"), security(remote))
        record.add(trc("output label", "store org"), remote.storeOrg)
        record.add(trc("output label", "signed in"), signedIn(remote, token: token))
        record.add(trc("output label", "client id"), remote.clientId)
        record.add(trc("output label", "last sync"), remote.lastSyncAt.map { DateTimeText.utc($0) } ?? tr("never"))
        let pending = status.pending + status.inFlight
        record.add(trc("output label", "pending"), trn("{count} change(s) to send", "{count} change(s) to send", pending))
        record.add(trc("output label", "conflicts"), "\(status.conflicts)")
        record.add(trc("output label", "dead letters"), "\(status.deadLetters)")
        return record.lines
    }

    /// How the store is reached, in words.
    static func security(_ remote: Remote) -> String {
        if Loopback.isUnencryptedOffLoopback(remote.url) {
            return tr("UNENCRYPTED: plain http:// to another computer, allowed with {option}", ["option": "--allow-insecure"])
        }
        if remote.url.lowercased().hasPrefix("http://") { return tr("plain http:// to this computer") }
        return remote.caFile.map { tr("https, certificate checked against the CA file {path}", ["path": $0]) }
            ?? tr("https, certificate checked against the system's certificate authorities")
    }

    /// "ann@grace.example (Editor)", "no (last: ann@grace.example)", or "with token ****abcd".
    static func signedIn(_ remote: Remote, token: String?) -> String {
        guard let email = remote.staffEmail else {
            let kept = token.map(masked) ?? tr("not found in the credential store")
            return tr("no, an API token is used ({token})", ["token": kept])
        }
        guard remote.signedIn else {
            return tr("no, signed out (last: {email}); sign in with `{command}`", ["email": email, "command": "stewardctl sign-in"])
        }
        let role = remote.staffRole?.displayName ?? tr("unknown role")
        return "\(email) (\(role))"
    }

    /// The token's last four characters, the rest as stars.
    static func masked(_ token: String) -> String {
        token.count <= 4 ? String(repeating: "*", count: token.count)
            : String(repeating: "*", count: min(8, token.count - 4)) + token.suffix(4)
    }
}
