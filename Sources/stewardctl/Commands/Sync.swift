import ArgumentParser
import Foundation
import StewardCore
import StewardCredentials

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send an organization's changes to its remote store, then get the store's.",
        discussion: """
            Prints "pushed N, pulled N, conflicts N, rejected N". Exit status 0 when every change \
            was sent (conflicts and rejected changes included: see `stewardctl conflicts list`); \
            1 when the store cannot be reached or refuses the token, in which case the changes \
            are kept and sent next time. Failures that may pass are retried a few times with \
            growing pauses first ($STEWARD_SYNC_ATTEMPTS, $STEWARD_SYNC_RETRY_BASE seconds, \
            $STEWARD_SYNC_TIMEOUT seconds per request).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let engine = SyncEngine(database: database, options: .fromEnvironment(), credentials: LazyCredentialStore())
        let report: SyncReport
        do {
            report = try await engine.sync(org: organization)
        } catch let error as SyncError {
            throw error.cliError
        }
        if output.json {
            Console.printJSON(.object([
                "pushed": .int(Int64(report.pushed)), "pulled": .int(Int64(report.pulled)),
                "conflicts": .int(Int64(report.conflicts)), "rejected": .int(Int64(report.rejected)),
                "resynced": .bool(report.resynced), "dropped": .int(Int64(report.dropped)),
            ]))
            return
        }
        print(report.summary)
        if report.resynced {
            print("The store asked for a full resync: \(report.dropped) record(s) it no longer has were dropped.")
        }
        if report.conflicts > 0 {
            print("Choose a side for each conflict: `stewardctl conflicts list`.")
        }
        if report.rejected > 0 {
            print("The store refused \(report.rejected) change(s) for good: `stewardctl remote show` counts them.")
        }
    }
}
