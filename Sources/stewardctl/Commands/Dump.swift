import ArgumentParser
import Foundation
import StewardCore

struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print an organization's records in the canonical dump format.",
        discussion: """
            JSON Lines sorted by entity then id, keys sorted, tombstones included, at the local \
            version: byte-identical to `steward-store dump --org SLUG` when the console and the \
            store are in sync.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let dump = try await SyncDump.canonical(orgId: organization.id, database: database)
        FileHandle.standardOutput.write(Data(dump.utf8))
    }
}
