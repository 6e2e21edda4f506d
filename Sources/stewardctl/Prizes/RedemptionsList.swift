import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl redemptions list [--prize ID] [--member EMAIL] [--json]`
struct RedemptionsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the prizes handed out, newest first.")

    @Option(help: ArgumentHelp("Only this prize's redemptions: its id.", valueName: "id"))
    var prize: String?
    @Option(help: ArgumentHelp("Only this member's redemptions: their e-mail (or id).", valueName: "email"))
    var member: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let prizeId = try prize.map(RedemptionOutput.prizeId)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        var memberId: UUID?
        if let member { memberId = try await PassportLookup.member(member, in: organization, database: database).id }
        let records = try await Redemptions(database: database).list(in: organization, prize: prizeId, member: memberId)
        let out = try await RedemptionOutput.load(org: organization, database: database)
        if output.json {
            Console.printJSON(.array(records.map(out.json)))
        } else if records.isEmpty {
            print(tr("No redemptions in {org} match.", ["org": organization.slug]))
        } else {
            Console.print(out.table(records))
        }
    }
}
