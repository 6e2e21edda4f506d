import ArgumentParser
import Foundation
import StewardStore

extension Role: ExpressibleByArgument {}

/// `steward-store token create --org SLUG --role admin|staff|reader [--expires-in-days N] [--replaces ID]`.
struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a bearer token and print it (once: the store keeps only its SHA-256 hash).",
        discussion: "`token list` shows it afterwards by its id (the start of the hash), and `token revoke ID` stops it."
    )

    @OptionGroup var organization: OrgOption

    @Option(name: .long, help: ArgumentHelp("What the token may do: admin and staff push and read, reader only reads.", valueName: "role"))
    var role: Role

    @Option(name: .long, help: ArgumentHelp("Days until the token stops working (default: it never expires).", valueName: "days"))
    var expiresInDays: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Rotate: revoke this token (an id from `token list`) and let the consoles that used it go on with the new one.",
        valueName: "id"))
    var replaces: String?

    @OptionGroup var storage: StorageOptions

    /// Ten years: past it, a token is as good as one that never expires.
    static let maxDays = 3660

    func validate() throws {
        if let replaces, !TokenInfo.isId(replaces) {
            throw ValidationError("--replaces: '\(replaces)' is not a token id; give the 16 hex digits `token list` shows")
        }
        if let expiresInDays, !(1...Self.maxDays).contains(expiresInDays) {
            throw ValidationError("--expires-in-days: must be from 1 to \(Self.maxDays)")
        }
    }

    func run() async throws {
        let token = BearerToken.generate()
        let grant = TokenGrant(org: organization.org, role: role)
        let now = Date()
        let replacing = replaces
        let expiresAt = expiresInDays.map { now.addingTimeInterval(TimeInterval($0) * 86_400) }
        try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.addToken(hash: BearerToken.hash(token), grant: grant, createdAt: now, expiresAt: expiresAt,
                                          replacing: replacing)
        }
        print(token)
    }
}
