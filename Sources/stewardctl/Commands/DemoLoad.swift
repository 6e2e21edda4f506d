import CommandLineSupport
import ArgumentParser
import StewardCore

struct DemoLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load the demo organizations, their calendars and content, and optionally more generated events.",
        discussion: """
            The demo has five organizations, one of each kind, with past and upcoming events \
            around today; the church also has its bulletins, sermon series and messages with \
            their podcast, and giving funds. Loading it again adds nothing (organizations \
            already there keep their records); --events adds that many generated events every time.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Also add this many generated events, spread over the organizations.", valueName: "n"))
    var events = 0

    @Option(help: ArgumentHelp("Add the generated events to this organization only.", valueName: "slug"))
    var org: String?

    func run() async throws {
        if events < 0 { throw CLIError.usage("events: must be 0 or more (got \(events))") }
        let database = try global.openDatabase()
        let organizations = OrganizationService(database: database)
        // An unknown --org is refused before anything is written.
        if let org {
            let known = try await organizations.all().map(\.slug) + DemoDataset.organizations.map(\.slug)
            if !known.contains(org) { throw OrganizationError.unknownSlug(org) }
        }

        let demo = DemoDataset(database: database)
        let summary = try demo.load()
        if summary.organizationsAdded == 0 {
            print("The demo organizations are already here; their events were left as they are.")
        } else {
            print("Added \(summary.organizationsAdded) demo organizations, \(summary.eventsAdded) events "
                  + "and \(summary.recordsAdded) other records (bulletins, sermons, giving funds, podcast settings).")
        }

        guard events > 0 else { return }
        var targets: [Organization]?
        if let org { targets = [try await organizations.find(slug: org)] }
        let added = try demo.addGeneratedEvents(events, to: targets, seed: UInt64.random(in: 0...UInt64.max))
        let place = org ?? "all organizations"
        print("Added \(added) generated events to \(place).")
    }
}
