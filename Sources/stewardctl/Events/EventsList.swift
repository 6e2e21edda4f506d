import CommandLineSupport
import ArgumentParser
import StewardCore
import Translation

struct EventsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's events, optionally narrowed by a search.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Only events whose title, location, description, host or audience has words starting like these (\"fam pic\" finds \"Family Picnic\").",
                               valueName: "text"))
    var search: String?

    @Option(help: "The order of the list.")
    var sort: EventSortKey = .starts

    @Flag(help: "List in descending order (latest, or Z to A, first).")
    var descending = false

    @Option(help: ArgumentHelp("List at most this many events.", valueName: "n"))
    var limit: Int?

    func run() async throws {
        if let limit, limit < 0 { throw CLIError.usage("limit: " + tr("must be 0 or more (got {value})", ["value": String(limit)])) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = EventService(database: database)
        let query = EventQuery(orgId: organization.id, search: search ?? "", sort: sort, ascending: !descending)

        if output.json {
            var events = try await service.events(for: query)
            if let limit { events = Array(events.prefix(limit)) }
            Console.printJSON(.array(events.map { EventOutput.json($0, org: organization) }))
            return
        }

        let keys = try await service.keys(for: query)
        let shown = limit.map { Array(keys.prefix($0)) } ?? keys
        // Rows come back in storage order; put them back in the list's.
        let byKey = Dictionary(uniqueKeysWithValues: try await service.rows(for: shown).map { ($0.key, $0) })
        let rows = shown.compactMap { byKey[$0] }
        if rows.isEmpty {
            print(search.map { tr("No events in {org} match \"{search}\".", ["org": organization.slug, "search": $0]) }
                  ?? tr("No events in {org}.", ["org": organization.slug]))
            return
        }
        Console.print(EventOutput.table(rows, org: organization))
        if rows.count < keys.count {
            print(trn("({shown} of {count} events; raise --limit to see more)", "({shown} of {count} events; raise --limit to see more)",
                      keys.count, ["shown": String(rows.count)]))
        }
    }
}
