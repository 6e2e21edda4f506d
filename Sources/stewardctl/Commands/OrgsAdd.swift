import ArgumentParser
import StewardCore
import Translation

struct OrgsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an organization.",
        discussion: "It starts with the modules its kind calls for (a gym gets a class schedule, a library books and loans).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "A short stable name: 2 to 40 lower-case letters, digits or dashes, like grace-church.")
    var slug: String

    @Option(help: "The organization's name as members know it.")
    var name: String

    @Option(help: ArgumentHelp("The zone its events happen in, like America/Chicago.", valueName: "zone"))
    var timeZone: String

    @Option(help: "What kind of community it is.")
    var kind: OrganizationKind

    func run() async throws {
        let database = try global.openDatabase()
        let org = try await OrganizationService(database: database)
            .add(slug: slug, name: name, timeZone: timeZone, kind: kind)
        if output.json {
            Console.printJSON(OrganizationOutput.json(org))
        } else {
            print(tr("Added organization {slug}.", ["slug": org.slug]))
            Console.print(OrganizationOutput.record(org))
        }
    }
}
