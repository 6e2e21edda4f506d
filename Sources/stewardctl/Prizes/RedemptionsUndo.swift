import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl redemptions undo ID --note TEXT`
struct RedemptionsUndo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back a redemption made in error with a reversing record, saying why; the item returns to stock.")

    @Argument(help: ArgumentHelp("The redemption's id, as `stewardctl redemptions list` prints it.", valueName: "id"))
    var redemption: String
    @Option(help: ArgumentHelp("Why it is undone, kept with the record (e.g. \"Recorded for the wrong member\").",
                               valueName: "text"))
    var note: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let id = UUID(uuidString: redemption.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("id: " + tr("must be a redemption id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f, as `{command}` prints it (got \"{value}\")",
                                             ["command": "stewardctl redemptions list", "value": redemption]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let record = try await Redemptions(database: database).undo(id, note: note, in: organization)
        let out = try await RedemptionOutput.load(org: organization, database: database)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            let prize = record["prize"]?.stringValue ?? "", member = record["member"]?.stringValue ?? ""
            print(tr("Undone: {member} no longer holds “{prize}” (redemption {id}, undone by {undo}).",
                     ["member": out.emails[member] ?? member, "prize": out.names[prize] ?? prize,
                      "id": id.uuidString.lowercased(), "undo": record.key]))
            if let left = out.standing[prize]?.left {
                print(trn("{count} left in stock.", "{count} left in stock.", left))
            }
        }
    }
}
