import ArgumentParser
import Foundation
import StewardCore
import StewardStore

/// `steward-store dump --org SLUG`: the canonical dump, byte for byte what the console writes
/// for the same data, so the two can be compared with `cmp`.
struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print an organization's records as the canonical dump (JSON Lines, tombstones included)."
    )

    @OptionGroup var organization: OrgOption

    @OptionGroup var storage: StorageOptions


    func run() async throws {
        let slug = organization.org
        let records = try await storage.withExistingOrg(slug) { repository in try await repository.allRecords(org: slug) }
        FileHandle.standardOutput.write(Data(RemoteRecord.canonicalDump(records).utf8))
    }
}
