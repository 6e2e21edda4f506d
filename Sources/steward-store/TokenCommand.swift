import ArgumentParser

/// `steward-store token`: bearer tokens for consoles and apps.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Manage bearer tokens.",
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self]
    )
}
