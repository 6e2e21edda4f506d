import ArgumentParser

/// `steward-store orgs`: the organizations the store serves.
struct OrgsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orgs",
        abstract: "Manage the organizations the store serves.",
        subcommands: [OrgsAddCommand.self]
    )
}
