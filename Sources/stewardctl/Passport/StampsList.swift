import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl stamps list [--member EMAIL] [--event ID] [--json]`
struct StampsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the stamp ledger, newest first: check-ins, grants and revocations.")

    @Option(help: ArgumentHelp("Only this member's entries: their e-mail (or id).", valueName: "email"))
    var member: String?
    @Option(help: ArgumentHelp("Only this event's entries: its id, as `stewardctl events list` prints it.", valueName: "id"))
    var event: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let eventId = try event.map(PassportLookup.event)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        var memberId: UUID?
        if let member { memberId = try await PassportLookup.member(member, in: organization, database: database).id }
        let entries = try await StampLedger(database: database).entries(in: organization, member: memberId, event: eventId)
        let out = try await StampOutput.load(org: organization, database: database)
        if output.json {
            Console.printJSON(.array(entries.map(out.json)))
        } else if entries.isEmpty {
            print(tr("No stamp entries in {org} match.", ["org": organization.slug]))
        } else {
            Console.print(out.table(entries))
        }
    }
}
