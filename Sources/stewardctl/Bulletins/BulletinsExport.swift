import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardPrint
import Translation

/// `stewardctl bulletins export ID --pdf FILE`: the bulletin as the window prints it, on the
/// paper of the person's locale (LC_PAPER: A4, or Letter in the Americas).
struct BulletinsExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a bulletin to a PDF file, as it prints: title, date and every section in order.",
        discussion: "The paper size follows the locale (LC_PAPER): A4, or US Letter where that is the custom.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    @Argument(help: ArgumentHelp("The bulletin's id (as `bulletins list` and `bulletins add` print it).", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("Where to write the PDF file.", valueName: "file"))
    var pdf: String

    func run() async throws {
        guard let bulletinID = UUID(uuidString: id.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("id: " + tr("must be a bulletin id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")",
                                             ["value": id]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        guard let bulletin = try await RecordService(database: database).record(.bulletin, id: bulletinID, in: organization) else {
            throw CLIError.failure(tr("no {noun} with id {id} in {org}", ["noun": RecordType.bulletin.noun,
                                                                        "id": bulletinID.uuidString.lowercased(), "org": organization.slug]))
        }
        let blocks = BulletinPrint.blocks(of: bulletin.fields, organization: organization.name, zone: organization.timeZone)
        do {
            try PDFExport.write(PageLayout(blocks: blocks, paper: .ofLocale), to: pdf)
        } catch let error as PDFExportError {
            throw CLIError.usage("pdf: \(error.description)")
        }
    }
}
