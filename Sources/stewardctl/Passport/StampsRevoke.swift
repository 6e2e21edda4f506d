import ArgumentParser
import StewardCore
import Translation

/// `stewardctl stamps revoke ENTRY-ID --note TEXT`
struct StampsRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Take back a stamp entry by adding a reversing entry, saying why; the entry itself stays in the ledger.")

    @Argument(help: ArgumentHelp("The entry's id, as `stewardctl stamps list` prints it.", valueName: "entry-id"))
    var entry: String
    @Option(help: ArgumentHelp("Why staff revoke it, kept in the ledger (e.g. \"Checked in from home\").", valueName: "text"))
    var note: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let entryId = try PassportLookup.entry(entry)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let revocation = try await StampLedger(database: database).revoke(entryId, note: note, in: organization)
        try await StampOutput.report(revocation, org: organization, database: database, json: output.json) { out in
            trn("Revoked {count} stamp of {member} for “{event}” (reversing entry {id}).",
                "Revoked {count} stamps of {member} for “{event}” (reversing entry {id}).", -revocation.stamps,
                ["member": out.emails[revocation.member] ?? revocation.member,
                 "event": out.titles[revocation.event] ?? revocation.event, "id": revocation.key])
        }
    }
}
