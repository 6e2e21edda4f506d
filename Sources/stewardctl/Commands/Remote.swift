import CommandLineSupport
import ArgumentParser
import StewardCore

/// `stewardctl remote ...`: which remote store an organization syncs with.
struct RemoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Connect an organization to its remote store, or show the connection.",
        subcommands: [RemoteSet.self, RemoteShow.self])
}

extension SyncError {
    /// The CLI's error for a sync failure: a missing conflict is invalid input (exit 2, naming
    /// the id), everything else a failure (exit 1), each on one line.
    var cliError: CLIError {
        switch self {
        case .conflictNotFound: .usage("id: \(description)")
        default: .failure(description)
        }
    }
}
