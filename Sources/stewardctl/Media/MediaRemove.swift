import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl media remove ID [--org ORG]`
struct MediaRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a media item; the next sync removes it from the store.",
        discussion: "Refused (exit 1, nothing changed) while a record uses it: the message names the records to change first.")

    @Argument(help: ArgumentHelp("The item's id, as `stewardctl media list` prints it.", valueName: "id"))
    var id: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let itemId = try MediaOutput.itemId(id)
        let database = try global.openDatabase()
        let library = MediaOutput.library(global, database: database)
        let organization = try await MediaOutput.find(itemId, org, library: library, database: database).organization
        let item = try await library.remove(itemId, in: organization)
        if output.json {
            Console.printJSON(MediaOutput.json(item, usedBy: []))
        } else {
            print(tr("Removed {file} ({id}).", ["file": item.fileName, "id": item.key]))
        }
    }
}
