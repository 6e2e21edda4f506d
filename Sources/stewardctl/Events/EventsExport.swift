import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl events export --ics FILE|-`: the organization's events as an iCalendar file.
struct EventsExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the organization's events as an iCalendar (.ics) file.",
        discussion: """
            Writes RFC 5545: a VTIMEZONE for each time zone used, one VEVENT per event with its \
            repeat rule (RRULE), cancelled dates (EXDATE) and extra ones (RDATE), and one per \
            changed date (RECURRENCE-ID). UIDs are the events' ids and never change; SEQUENCE \
            rises as the store takes changes. Ongoing events, which have no time, are left out. \
            With --from and/or --to (days in the organization's time zone, --to not included), \
            only events with a date in that range are written, each whole.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption

    @Option(help: ArgumentHelp("Only events with a date on or after this day, like 2026-12-01.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Only events with a date before this day, like 2027-01-01.", valueName: "date"))
    var to: String?

    @Option(help: ArgumentHelp("Where to write the calendar: a file, or - for standard output.", valueName: "file"))
    var ics: String

    func run() async throws {
        let first = try from.map { try Self.day($0, option: "from") }
        let end = try to.map { try Self.day($0, option: "to") }
        if let first, let end, end <= first {
            throw CLIError.usage("to: " + tr("must be after --from ({date})", ["date": first.description]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let zone = organization.timeZone
        var events = try await EventService(database: database).events(for: EventQuery(orgId: organization.id))
        if first != nil || end != nil {
            let start = first?.startOfDay(in: zone) ?? .distantPast, stop = end?.startOfDay(in: zone) ?? .distantFuture
            events = events.filter { !$0.occurrences(from: start, to: stop, zone: zone).isEmpty }
        }
        let text = EventCalendarExport.calendar(events, name: organization.name, orgZone: zone)
        if ics == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: ics), options: .atomic)
        } catch {
            throw CLIError.failure(tr("Could not write {file}: {error}", ["file": ics, "error": error.localizedDescription]))
        }
        let written = events.filter { $0.details.timing.kind != .untimed }.count
        print(trn("Wrote {count} event to {file}.", "Wrote {count} events to {file}.", written, ["file": ics]))
    }

    private static func day(_ text: String, option: String) throws -> LocalDate {
        guard let day = LocalDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage(option + ": " + tr("must be a date like 2026-12-01 (got \"{value}\")", ["value": text]))
        }
        return day
    }
}
