import ArgumentParser
import StewardCore

/// `stewardctl TYPE show ID`: every field of one record.
struct RecordShow<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: "Show every field of one \(Kind.type.helpNoun).")
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: RecordIDArgument<Kind>

    func run() async throws {
        let recordID = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database, holding: recordID, of: Kind.type)
        let service = RecordService(database: database)
        let record = try await RecordLookup.find(recordID, of: Kind.type, in: organization, service: service)
        let out = try await Kind.printer(org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            Console.print(out.lines(record))
        }
    }
}
