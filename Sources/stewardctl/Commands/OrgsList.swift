import ArgumentParser
import StewardCore
import Translation

struct OrgsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the organizations: slug, name, time zone, kind and modules.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let orgs = try await OrganizationService(database: database).all()
        if output.json {
            Console.printJSON(.array(orgs.map(OrganizationOutput.json)))
        } else if orgs.isEmpty {
            print(tr("No organizations yet: add one with `{add}` or load the demo with `{demo}`.",
                     ["add": "stewardctl orgs add", "demo": "stewardctl demo load"]))
        } else {
            Console.print(OrganizationOutput.table(orgs))
        }
    }
}
