import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule list --from DATE --to DATE [--trainer NAME] [--cancelled] [--json]`
struct ScheduleList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the mirrored classes starting between two days, removed ones included and marked.",
        discussion: """
            Days are the gym's; --to counts whole. With --json, an array of classes, each with \
            "id" (for `schedule note`), "sourceId" and every field: "sourceClassId", \
            "classScheduleId", "name", "description", "program", "sessionType", "startsAt", \
            "endsAt", "trainerId", "trainer", "substitute", "cancelled", "active", "locationId", \
            "location", "roomId", "room", "maxCapacity", "webCapacity", "totalBooked", \
            "totalWaitlisted", "waitlistAvailable", "removed", and the gym's own "localNote" and \
            "featured", with "firstSeenAt" and "changedAt".
            """)

    @Option(help: ArgumentHelp("The first day.", valueName: "YYYY-MM-DD"))
    var from: String
    @Option(help: ArgumentHelp("The last day (included).", valueName: "YYYY-MM-DD"))
    var to: String
    @Option(help: ArgumentHelp("Only this trainer's classes (the name as the source gives it, any case).", valueName: "name"))
    var trainer: String?
    @Flag(help: "Only cancelled classes.")
    var cancelled = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try await ScheduleContext.open(global, org)
        let zone = context.org.timeZone
        let (start, end) = try ScheduleDate.range(from: from, to: to, zone: zone)
        let classes = try await context.service.classes(in: context.org, from: start, to: end, trainer: trainer,
                                                        cancelledOnly: cancelled)
        if output.json {
            Console.printJSON(.array(classes.map { $0.json(zone: zone) }))
        } else {
            Console.print(ScheduleOutput.table(classes, zone: zone))
        }
    }
}
