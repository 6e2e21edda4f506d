import ArgumentParser
import StewardCore
import Translation

/// `stewardctl stamps grant --member EMAIL --event ID --note TEXT`
struct StampsGrant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant",
        abstract: "Give a member the event's stamps (one stamp entry per member per event), saying why.")

    @Option(help: ArgumentHelp("The member's e-mail (or id, as `stewardctl members list` prints it).", valueName: "email"))
    var member: String
    @Option(help: ArgumentHelp("The event's id (as `stewardctl events list` prints it); the member gets its stamp value.",
                               valueName: "id"))
    var event: String
    @Option(help: ArgumentHelp("Why staff grant it, kept in the ledger (e.g. \"Signed the paper sheet\").", valueName: "text"))
    var note: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let eventId = try PassportLookup.event(event)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let person = try await PassportLookup.member(member, in: organization, database: database)
        let entry = try await StampLedger(database: database).grant(member: person.id, event: eventId, note: note,
                                                                    in: organization)
        try await StampOutput.report(entry, org: organization, database: database, json: output.json) { out in
            trn("Granted {count} stamp to {member} for “{event}” (entry {id}).",
                "Granted {count} stamps to {member} for “{event}” (entry {id}).", entry.stamps,
                ["member": out.emails[entry.member] ?? entry.member, "event": out.titles[entry.event] ?? entry.event,
                 "id": entry.key])
        }
    }
}
