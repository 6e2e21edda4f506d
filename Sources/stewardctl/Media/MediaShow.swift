import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl media show ID [--org ORG] [--json]`
struct MediaShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a media item: its type, size, SHA-256, address once uploaded, and the records that use it.")

    @Argument(help: ArgumentHelp("The item's id, as `stewardctl media list` prints it.", valueName: "id"))
    var id: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let itemId = try MediaOutput.itemId(id)
        let database = try global.openDatabase()
        let library = MediaOutput.library(global, database: database)
        let (item, organization) = try await MediaOutput.find(itemId, org, library: library, database: database)
        let usedBy = try await library.usedBy(item)
        if output.json {
            Console.printJSON(MediaOutput.json(item, usedBy: usedBy))
        } else {
            Console.print(MediaOutput.lines(item, usedBy: usedBy, zone: organization.timeZone))
        }
    }
}
