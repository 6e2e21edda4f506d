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
        let ledger = StampLedger(database: database)
        let entry = try await ledger.grant(member: person.id, event: eventId, note: note, in: organization)
        let out = try await StampOutput.load(org: organization, database: database)
        if output.json {
            Console.printJSON(out.json(entry))
            return
        }
        let total = try await ledger.totals(in: organization).stamps(of: entry.member)
        print(trn("Granted {count} stamp to {member} for “{event}” (entry {id}).",
                  "Granted {count} stamps to {member} for “{event}” (entry {id}).", entry.stamps,
                  ["member": out.emails[entry.member] ?? entry.member, "event": out.titles[entry.event] ?? entry.event,
                   "id": entry.key]))
        print(PassportText.standing(total))
    }
}

/// Sentences the passport's commands share.
enum PassportText {
    /// "They have 8 stamps now: Bronze."
    static func standing(_ total: Int, levels: PassportLevels = .standard) -> String {
        let level = levels.level(for: total)?.name ?? tr("no level yet")
        return trn("They have {count} stamp now: {level}.", "They have {count} stamps now: {level}.", total, ["level": level])
    }
}
