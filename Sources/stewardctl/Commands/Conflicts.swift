import ArgumentParser
import StewardCore

/// `stewardctl conflicts ...`: local changes the store refused because the record had changed there.
struct ConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List sync conflicts and choose which side to keep.",
        subcommands: [ConflictsList.self, ConflictsResolve.self])
}
