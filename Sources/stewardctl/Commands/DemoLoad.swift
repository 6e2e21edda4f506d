import CommandLineSupport
import ArgumentParser
import StewardCore
import Translation

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
        if events < 0 { throw CLIError.usage("events: " + tr("must be 0 or more (got {value})", ["value": String(events)])) }
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
            print(tr("The demo organizations are already here; their events were left as they are."))
        } else {
            // English says the plural even for one; a translation may use its own forms.
            let organizations = trn("{count} demo organizations", "{count} demo organizations", summary.organizationsAdded)
            let events = trn("{count} events", "{count} events", summary.eventsAdded)
            let records = trn("{count} other records", "{count} other records", summary.recordsAdded)
            print(tr("Added {organizations}, {events} and {records} (bulletins, sermons, giving funds, podcast settings, members, submissions, stock reasons and the lending library).",
                     ["organizations": organizations, "events": events, "records": records]))
            if summary.passportRecordsAdded > 0 {
                print(trn("Added {count} passport record to the city office (members and stamp entries).",
                          "Added {count} passport records to the city office (members and stamp entries).",
                          summary.passportRecordsAdded))
            }
            if summary.checkInKeysAdded > 0 {
                print(trn("Added {count} check-in key, made with its passport event and sent with it by the first sync.",
                          "Added {count} check-in keys, made with their passport events and sent with them by the first sync.",
                          summary.checkInKeysAdded))
            }
            if summary.prizeRecordsAdded > 0 {
                print(trn("Added {count} prize record to the city office (passport levels, prizes and redemptions).",
                          "Added {count} prize records to the city office (passport levels, prizes and redemptions).",
                          summary.prizeRecordsAdded))
            }
            if summary.surveyRecordsAdded > 0 {
                print(trn("Added {count} survey record to the city office (questions and answers).",
                          "Added {count} survey records to the city office (questions and answers).",
                          summary.surveyRecordsAdded))
            }
            if summary.communityRecordsAdded > 0 {
                print(trn("Added {count} community record to the city office (its resources and about pages, map pins).",
                          "Added {count} community records to the city office (its resources and about pages, map pins).",
                          summary.communityRecordsAdded))
            }
            if summary.rideRecordsAdded > 0 {
                print(trn("Added {count} ride record to the campus ministry (its students, ride offers and requests, a retreat's plan).",
                          "Added {count} ride records to the campus ministry (its students, ride offers and requests, a retreat's plan).",
                          summary.rideRecordsAdded))
            }
            if summary.scheduledClassesAdded > 0 {
                print(trn("Added {count} mirrored class to the gym's schedule (see `stewardctl schedule list`).",
                          "Added {count} mirrored classes to the gym's schedule (see `stewardctl schedule list`).",
                          summary.scheduledClassesAdded))
            }
        }

        guard events > 0 else { return }
        var targets: [Organization]?
        if let org { targets = [try await organizations.find(slug: org)] }
        let added = try demo.addGeneratedEvents(events, to: targets, seed: UInt64.random(in: 0...UInt64.max))
        let place = org ?? tr("all organizations")
        print(trn("Added {count} generated events to {place}.", "Added {count} generated events to {place}.", added,
                  ["place": place]))
    }
}
