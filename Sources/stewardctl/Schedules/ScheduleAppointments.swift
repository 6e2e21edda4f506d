import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule appointments --from DATE --to DATE [--trainer NAME] [--json]`
struct ScheduleAppointments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appointments",
        abstract: "List the trainers' staff appointments (personal training) mirrored from MindBody, removed ones included and marked.",
        discussion: """
            Only MindBody sites that expose staff appointments have them; saved files and \
            iCalendar feeds do not. Clients are private: an appointment keeps MindBody's client id, \
            never a name, and appointments never reach the gym's app. Days are the gym's; --to \
            counts whole. With --json, an array of appointments, each with "id", "sourceId", \
            "sourceAppointmentId", "startsAt", "endsAt", "durationMinutes", "status" (as MindBody \
            gives it: Booked, Confirmed, Arrived, Completed, Cancelled, LateCancelled, NoShow, ...), \
            "staffId", "trainer", "clientId", "sessionTypeId", "sessionType", "locationId", \
            "notes", "staffRequested", "firstAppointment", "programId", "removed", "firstSeenAt" \
            and "changedAt".
            """)

    @Option(help: ArgumentHelp("The first day.", valueName: "YYYY-MM-DD"))
    var from: String
    @Option(help: ArgumentHelp("The last day (included).", valueName: "YYYY-MM-DD"))
    var to: String
    @Option(help: ArgumentHelp("Only this trainer's appointments (the name as the schedule gives it, any case).", valueName: "name"))
    var trainer: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try await ScheduleContext.open(global, org)
        let zone = context.org.timeZone
        let (start, end) = try ScheduleDate.range(from: from, to: to, zone: zone)
        let appointments = try await context.service.appointments(in: context.org, from: start, to: end, trainer: trainer)
        if output.json {
            Console.printJSON(.array(appointments.map { $0.json(zone: zone) }))
        } else {
            Console.print(ScheduleOutput.table(appointments, zone: zone))
        }
    }
}
