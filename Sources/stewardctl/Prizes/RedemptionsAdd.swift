import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl redemptions add --member EMAIL --prize ID [--note TEXT]`
struct RedemptionsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record that a member got a prize (checked against its level, window, stock and limit).")

    @Option(help: ArgumentHelp("The member's e-mail (or id, as `stewardctl members list` prints it).", valueName: "email"))
    var member: String
    @Option(help: ArgumentHelp("The prize's id, as `stewardctl prizes list` prints it.", valueName: "id"))
    var prize: String
    @Option(help: ArgumentHelp("Anything about it (size, colour).", valueName: "text"))
    var note: String = ""
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let prizeId = try RedemptionOutput.prizeId(prize)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let person = try await PassportLookup.member(member, in: organization, database: database)
        let record = try await Redemptions(database: database).add(member: person.id, prize: prizeId, note: note, in: organization)
        let out = try await RedemptionOutput.load(org: organization, database: database)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            print(tr("Recorded: {member} got “{prize}” (redemption {id}).",
                     ["member": out.emails[person.key] ?? person.key, "prize": out.names[prizeId.uuidString.lowercased()] ?? prize,
                      "id": record.key]))
            if let left = out.standing[prizeId.uuidString.lowercased()]?.left {
                print(trn("{count} left in stock.", "{count} left in stock.", left))
            }
        }
    }
}
