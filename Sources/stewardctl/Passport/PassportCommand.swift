import ArgumentParser

/// `stewardctl passport …`: what the passport as a whole says (its ledger is `stamps …`).
struct PassportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passport",
        abstract: "Read what the passport's ledger says about events, hosts, months and survey answers.",
        subcommands: [PassportInsightsCommand.self])
}
