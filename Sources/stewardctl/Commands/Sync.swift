import ArgumentParser
import Foundation
import StewardCore
import StewardCredentials
import Translation

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send an organization's changes to its remote store, then get the store's.",
        discussion: """
            Prints "pushed N, pulled N, conflicts N, rejected N". Exit status 0 when every change \
            was sent (conflicts and rejected changes included: see `stewardctl conflicts list` and \
            `stewardctl rejected list`); \
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
        let engine = SyncEngine(database: database, options: .fromEnvironment(), credentials: LazyCredentialStore(),
                                media: MediaOutput.library(global, database: database))
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
                "resent": .int(Int64(report.resent)),
                "mediaUploaded": .int(Int64(report.mediaUploaded)), "mediaRefused": .int(Int64(report.mediaRefused)),
            ]))
            return
        }
        print(report.summary)
        if report.resynced {
            print(trn("The store asked for a full resync: {count} record(s) it no longer has were dropped.",
                      "The store asked for a full resync: {count} record(s) it no longer has were dropped.", report.dropped))
        }
        if report.resent > 0 {
            print(trn("The store did not have {count} record made here (a new store, another one, or one restored from a backup): it was sent to it.",
                      "The store did not have {count} records made here (a new store, another one, or one restored from a backup): they were sent to it.",
                      report.resent))
        }
        if report.conflicts > 0 {
            print(tr("Choose a side for each conflict: `{command}`.", ["command": "stewardctl conflicts list"]))
        }
        if report.mediaRefused > 0 {
            print(trn("The store refused {count} file: `{command}` says why.",
                      "The store refused {count} files: `{command}` says why for each.",
                      report.mediaRefused, ["command": "stewardctl media list"]))
        }
        if report.rejected > 0 {
            print(trn("The store refused {count} change for good: `{command}` lists it with the store's reason.",
                      "The store refused {count} changes for good: `{command}` lists them with the store's reason.",
                      report.rejected, ["command": "stewardctl rejected list"]))
        }
    }
}
