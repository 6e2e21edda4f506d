import ArgumentParser
import Foundation
import StewardStore

/// `steward-store purge --org SLUG [--older-than-seconds N]`: purges tombstones now, for cron
/// jobs and tests (the server also purges by itself every hour).
struct PurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Purge an organization's tombstones older than the retention; clients with older cursors must then resync."
    )

    @OptionGroup var organization: OrgOption

    @Option(name: .long, help: ArgumentHelp("Purge tombstones whose deletion is older than this many seconds (default: 30 days). 0 purges them all.", valueName: "seconds"))
    var olderThanSeconds: Int = StoreConfiguration.defaultRetentionDays * 86_400

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard (0...ServeCommand.maxRetentionDays * 86_400).contains(olderThanSeconds) else {
            throw ValidationError("--older-than-seconds: must be from 0 to \(ServeCommand.maxRetentionDays * 86_400)")
        }
    }

    func run() async throws {
        let slug = organization.org
        let cutoff = Date().addingTimeInterval(-TimeInterval(olderThanSeconds))
        let outcome = try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.purgeTombstones(org: slug, olderThan: cutoff)
        }
        var line = "purged \(outcome.purgedCount) tombstones of \(slug)"
        if outcome.purgedThroughSeq > 0 { line += "; cursors handed out before now with a sequence below \(outcome.purgedThroughSeq) must resync" }
        print(line)
    }
}
