import ArgumentParser
import StewardCore
import Translation

/// `stewardctl schedule sources remove SOURCE-ID`
struct ScheduleSourcesRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a schedule source with the classes mirrored from it (and the gym's notes on them) and its kept API key.")

    @Argument(help: ArgumentHelp("The source's id (see `stewardctl schedule sources list`); a unique prefix will do.",
                                 valueName: "source-id"))
    var sourceId: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    func run() async throws {
        let context = try await ScheduleContext.open(global, org)
        let id = try await context.sourceId(sourceId)
        try await context.service.removeSource(id, in: context.org)
        Console.print([tr("Removed schedule source {id}.", ["id": id.uuidString.lowercased()])])
    }
}
