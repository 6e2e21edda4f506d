import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl events occurrences ID --from DATE --to DATE`: the dates a series happens on.
struct EventsOccurrences: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "List the occurrences of an event that start in a range of days.",
        discussion: """
            Lists each occurrence that starts on or after the start of --from and before the \
            start of --to (days in the organization's time zone), in order: cancelled ones left \
            out, changed ones at their new time with their own details. An event that does not \
            repeat is its one occurrence. With --json, each has the event's id, its original \
            start (occurrence) and its own startsAt and endsAt in UTC (startDate and endDate for \
            all-day events), as events print them.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: RecordIDArgument<EventKind>

    @Option(help: ArgumentHelp("The first day, like 2026-12-01.", valueName: "date"))
    var from: String

    @Option(help: ArgumentHelp("The day after the last, like 2027-01-01 (not included).", valueName: "date"))
    var to: String

    /// A range read of more days is a mistake (and a long walk).
    static let mostDays = 3660

    func run() async throws {
        let eventID = try id.uuid()
        guard let first = LocalDate(iso: from.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("from: " + tr("must be a date like 2026-12-01 (got \"{value}\")", ["value": from]))
        }
        guard let end = LocalDate(iso: to.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("to: " + tr("must be a date like 2026-12-01 (got \"{value}\")", ["value": to]))
        }
        guard first < end else {
            throw CLIError.usage("to: " + tr("must be after --from ({date})", ["date": first.description]))
        }
        guard end <= first.adding(days: Self.mostDays) else {
            throw CLIError.usage("to: " + tr("must be within {days} days of --from", ["days": String(Self.mostDays)]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database, holding: eventID, of: .event)
        let service = RecordService(database: database)
        _ = try await RecordLookup.find(eventID, of: .event, in: organization, service: service)
        guard let event = try await EventService(database: database).event(id: eventID) else { return }
        let zone = organization.timeZone
        let occurrences = event.occurrences(from: first.startOfDay(in: zone), to: end.startOfDay(in: zone), zone: zone)
        if output.json {
            Console.printJSON(.array(occurrences.map(\.json)))
            return
        }
        guard !occurrences.isEmpty else {
            print(tr("{title} has no occurrences from {from} to {to}.",
                     ["title": event.details.title, "from": first.description, "to": end.description]))
            return
        }
        var table = Table(trc("table heading", "OCCURRENCE"), trc("table heading", "WHEN"), trc("table heading", "TITLE"),
                          trc("table heading", "LOCATION"))
        for occurrence in occurrences {
            table.append(occurrence.occurrence + (occurrence.isChanged ? "*" : ""),
                         EventTimingText.describe(occurrence.timing, orgZone: zone), occurrence.title, occurrence.locationName)
        }
        Console.print(table.lines)
        if occurrences.contains(where: \.isChanged) { print(tr("* changed from the series")) }
    }
}
