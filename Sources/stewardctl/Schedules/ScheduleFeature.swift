import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule feature CLASS-ID [--off]`
struct ScheduleFeature: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feature",
        abstract: "Feature a class in the gym's app (or, with --off, stop featuring it). Refreshes never change it.",
        discussion: """
            The flag is the gym's, like its notes: it reaches the app with the class through the \
            next sync, and no refresh from the booking service touches it.
            """)

    @Argument(help: ArgumentHelp("The class's id (see `stewardctl schedule list`).", valueName: "class-id"))
    var classId: String
    @Flag(help: "Stop featuring the class.")
    var off = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let id = UUID(uuidString: classId.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("class-id: " + tr("must be a class id like {example} (got \"{value}\"); see `{command}`",
                                                   ["example": "3f2b…", "value": classId, "command": "stewardctl schedule list --json"]))
        }
        let context = try await ScheduleContext.open(global, org)
        let updated = try await context.service.setFeatured(!off, on: id, in: context.org)
        if output.json {
            Console.printJSON(updated.json(zone: context.org.timeZone))
        } else {
            let when = DateTimeText.iso(updated.source.startsAt, zone: context.org.timeZone)
            Console.print([off ? tr("{name} at {time} is no longer featured in the app.", ["name": updated.source.name, "time": when])
                               : tr("{name} at {time} is featured in the app.", ["name": updated.source.name, "time": when])])
        }
    }
}
