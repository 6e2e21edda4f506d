import ArgumentParser
import CommandLineSupport
import Foundation
import StewardStore

/// `steward-store calendar-feed revoke ID`: the feed answers 404 at once, for good.
struct CalendarFeedRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a calendar feed by its id (from `calendar-feed list`); its address answers 404 from then on."
    )

    @Argument(help: ArgumentHelp("The feed's id: the 16 hex digits `calendar-feed list` shows.", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard TokenInfo.isId(id) else {
            throw ValidationError("ID: '\(id)' is not a feed id; give the 16 hex digits `calendar-feed list` shows (never the key)")
        }
    }

    func run() async throws {
        let id = self.id
        let outcome = try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.revokeCalendarFeed(id: id, now: Date())
        }
        switch outcome {
        case .revoked(let feed):
            print("revoked calendar feed \(feed.id) of \(feed.org)")
        case .alreadyRevoked(let feed):
            print("calendar feed \(feed.id) of \(feed.org) was already revoked")
        case .notFound:
            throw CLIError.usage("ID: no calendar feed with id \(id)")
        }
    }
}
