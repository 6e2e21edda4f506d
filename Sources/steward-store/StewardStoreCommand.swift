import ArgumentParser
import StewardStore

/// `steward-store`: the remote store the consoles sync with and the phone apps read.
struct StewardStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steward-store",
        abstract: "The Steward remote store: the sync API for consoles and the read API for phone apps.",
        version: StoreVersion.current,
        subcommands: [ServeCommand.self, OrgsCommand.self, TokenCommand.self, CalendarFeedCommand.self, StaffCommand.self, DumpCommand.self,
                      PurgeCommand.self, BackupCommand.self, RestoreCommand.self]
    )
}
