import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// What the board's commands share: the database, `--event ID` (its organization found from
/// it), and `--json`.
struct RideEventArguments: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The event's id (see `stewardctl events list`).", valueName: "id"))
    var event: String
    @Option(help: ArgumentHelp("For a repeating event, the date whose rides to work on: its start, like 2026-12-02T19:00, or its day for an all-day event (see `stewardctl events occurrences`); the next date when left out.",
                               valueName: "start"))
    var occurrence: String?
    @OptionGroup var output: OutputOptions

    struct Context {
        var service: RidePlanService
        var org: Organization
        var event: UUID
        /// The date of a repeating event chosen; nil: the next (or an event that happens once).
        var occurrence: String?
    }

    func context() async throws -> Context {
        guard let id = UUID(uuidString: event.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("event: " + tr("must be an event id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")", ["value": event]))
        }
        let database = try global.openDatabase()
        let service = RidePlanService(database: database)
        guard let org = try await service.organization(ofEvent: id) else {
            throw CLIError.usage("event: " + tr("there is no event {id} (see `stewardctl events list`)", ["id": event]))
        }
        return Context(service: service, org: org, event: id,
                       occurrence: occurrence.map { $0.trimmingCharacters(in: .whitespaces) })
    }
}

/// `--leg to|from`.
enum RideLegOption {
    static func parse(_ text: String) throws -> RideLeg {
        guard let leg = RideLeg(rawValue: text) else {
            throw CLIError.usage("leg: " + tr("must be to or from (got \"{value}\")", ["value": text]))
        }
        return leg
    }
}
