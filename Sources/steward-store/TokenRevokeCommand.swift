import ArgumentParser
import CommandLineSupport
import Foundation
import StewardStore

/// `steward-store token revoke ID`: the token stops working at once (401), for good.
struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke an API token by its id (from `token list`); it answers 401 from then on."
    )

    @Argument(help: ArgumentHelp("The token's id: the 16 hex digits `token list` shows.", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard TokenInfo.isId(id) else {
            throw ValidationError("ID: '\(id)' is not a token id; give the 16 hex digits `token list` shows (never the token itself)")
        }
    }

    func run() async throws {
        let id = self.id
        let outcome = try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.revokeToken(id: id, now: Date())
        }
        switch outcome {
        case .revoked(let token):
            print("revoked token \(token.id) (\(token.role.rawValue)) of \(token.org)")
        case .alreadyRevoked(let token):
            print("token \(token.id) of \(token.org) was already revoked")
        case .notFound:
            throw CLIError.usage("ID: no token with id \(id)")
        }
    }
}
