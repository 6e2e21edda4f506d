import ArgumentParser
import Foundation
import StewardCore
import StewardMedia
import Translation

/// `stewardctl media add --org ORG FILE [--json]`
struct MediaAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a photo, recording, video or PDF to the organization's library; the next sync uploads it.",
        discussion: "Refused (exit 2, nothing kept) when the content is not an accepted kind, or the file passes its kind's limit or the organization's total.")

    @Argument(help: ArgumentHelp("The file to add.", valueName: "file"))
    var file: String
    @Option(help: ArgumentHelp("The name it is listed and served under; defaults to the file's own name.", valueName: "name"))
    var name: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let library = MediaOutput.library(global, database: database)
        let item = try await library.add(URL(fileURLWithPath: file), fileName: name, to: organization)
        if output.json {
            Console.printJSON(MediaOutput.json(item, usedBy: []))
        } else {
            print(tr("Added {file} ({kind}, {size}) as {id}; the next sync uploads it.",
                     ["file": item.fileName, "kind": item.contentType, "size": ByteCountText.describe(item.size), "id": item.key]))
        }
    }
}
