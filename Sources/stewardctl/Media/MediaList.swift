import ArgumentParser
import Foundation
import StewardCore
import StewardMedia
import Translation

/// `stewardctl media list --org ORG [--kind KIND] [--search TEXT] [--json]`
struct MediaList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the organization's media, newest first, with how much of its allowance it uses.")

    @Option(help: ArgumentHelp("Only files of this kind.", valueName: "image|audio|video|pdf"))
    var kind: MediaKind?
    @Option(help: ArgumentHelp("Only files whose name contains this text (any case).", valueName: "text"))
    var search: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let library = MediaOutput.library(global, database: database)
        let items = try await library.list(organization, kind: kind, search: search ?? "")
        if output.json {
            var all: [JSONValue] = []
            for item in items { all.append(MediaOutput.json(item, usedBy: try await library.usedBy(item))) }
            Console.printJSON(.array(all))
            return
        }
        if items.isEmpty {
            print(tr("No media in {org} match.", ["org": organization.slug]))
        } else {
            Console.print(MediaOutput.table(items))
        }
        let usage = try await library.usage(organization)
        print(tr("{used} of {limit} used.", ["used": ByteCountText.describe(usage.used),
                                              "limit": ByteCountText.describe(usage.limits.organization)]))
    }
}
