import ArgumentParser

/// `steward-store staff`: the people who sign in to an organization's store from the console.
struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Manage the staff accounts that sign in from the console.",
        subcommands: [StaffAddCommand.self, StaffListCommand.self, StaffRemoveCommand.self]
    )
}
