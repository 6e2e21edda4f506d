import ArgumentParser

/// `stewardctl rejected ...`: changes the store refused for good (a rule it keeps, like one open
/// loan per book), kept on this console until staff settle them.
struct RejectedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rejected",
        abstract: "List the changes the store refused for good, and discard them.",
        subcommands: [RejectedList.self, RejectedDiscard.self])
}
