import ArgumentParser
import Foundation
import StewardStore

extension Role: ExpressibleByArgument {}

/// `steward-store token create --org SLUG --role admin|staff|reader`.
struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a bearer token and print it (once: the store keeps only its SHA-256 hash)."
    )

    @Option(name: .long, help: ArgumentHelp("The organization the token acts for.", valueName: "slug"))
    var org: String

    @Option(name: .long, help: ArgumentHelp("What the token may do: admin and staff push and read, reader only reads.", valueName: "role"))
    var role: Role

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard OrgSlug.isValid(org) else { throw ValidationError("--org: '\(org)' is not an organization slug") }
    }

    func run() async throws {
        let token = BearerToken.generate()
        let grant = TokenGrant(org: org, role: role)
        try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.addToken(hash: BearerToken.hash(token), grant: grant, createdAt: Date())
        }
        print(token)
    }
}
