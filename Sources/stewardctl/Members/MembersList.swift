import ArgumentParser
import StewardCore
import Translation

/// `stewardctl members list`
struct MembersList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the app's members by name.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only members whose name or email has words starting like these.", valueName: "text"))
    var search: String?
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let members = try await service.list(.member, in: organization, search: search ?? "")
        let out = RecordOutput(.member, org: organization)
        if output.json {
            Console.printJSON(.array(members.map { out.json($0) }))
        } else if members.isEmpty {
            print(tr("No members in {org} yet (they register in the app; a sync brings them).", ["org": organization.slug]))
        } else {
            Console.print(out.table(members))
        }
    }
}
