import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule note CLASS-ID --text TEXT`
struct ScheduleNote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set the gym's own note on a class (an empty text clears it). Refreshes never change it.")

    @Argument(help: ArgumentHelp("The class's id (see `stewardctl schedule list`).", valueName: "class-id"))
    var classId: String
    @Option(help: ArgumentHelp("The note.", valueName: "text"))
    var text: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let id = UUID(uuidString: classId.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("class-id: " + tr("must be a class id like {example} (got \"{value}\"); see `{command}`",
                                                   ["example": "3f2b…", "value": classId, "command": "stewardctl schedule list --json"]))
        }
        let context = try await ScheduleContext.open(global, org)
        let updated = try await context.service.setNote(text, on: id, in: context.org)
        if output.json {
            Console.printJSON(updated.json(zone: context.org.timeZone))
        } else {
            Console.print([tr("Noted on {name} at {time}.", ["name": updated.source.name,
                                                            "time": DateTimeText.iso(updated.source.startsAt, zone: context.org.timeZone)])])
        }
    }
}
