import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl events import --ics FILE [--dry-run] [--json]`: an iCalendar file's events into
/// the organization, keyed by UID, as series.
struct EventsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the events of an iCalendar (.ics) file; importing it again changes only what changed.",
        discussion: """
            Each VEVENT is one event, found again by its UID: a UID Steward wrote \
            (<id>@steward) is that event, any other gets an id made from the organization and \
            the UID, so importing the same file again changes nothing and a changed file \
            changes the same events in place. Repeating events stay series: RRULE, EXDATE and \
            RDATE become the event's repeat rule, cancelled and extra dates; a VEVENT with a \
            RECURRENCE-ID one changed date (a cancelled one when its STATUS is CANCELLED). \
            SUMMARY is the title, DESCRIPTION, LOCATION the place, GEO its coordinate, URL \
            the first link, CATEGORIES the audience; the event's other fields are kept. \
            Whole events marked STATUS:CANCELLED are skipped. If any event cannot be imported \
            (no UID or DTSTART, a rule events cannot have, one that makes too many dates, a \
            field out of bounds), nothing is written, every problem is named by the event's \
            number in the file and its UID, and the exit status is 2. With --dry-run nothing \
            is written. With --json: {"dryRun", "written", "added", "changed", "unchanged", \
            "skipped": [{"number", "uid", "id", "title"}] (changed ones with "fields", the \
            fields that change), "refused": [{"number", "uid", "id", "title", "problems"}]}.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The calendar to import: a file, or - for standard input.", valueName: "file"))
    var ics: String

    @Flag(help: "Only show what would be added and changed; write nothing.")
    var dryRun = false

    func run() async throws {
        let text = try read()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let file: EventCalendarFile
        do {
            file = try EventCalendarImport.read(text, orgZone: organization.timeZone)
        } catch {
            throw CLIError.usage("ics: " + tr("{file} cannot be imported: {problem}", ["file": ics, "problem": error.message]))
        }
        let importer = EventImporter(database: database)
        let plan = dryRun ? try await importer.plan(file, in: organization) : try await importer.run(file, in: organization)
        if output.json {
            Console.printJSON(json(plan))
        } else if plan.refused.isEmpty {
            Console.print(lines(plan))
        }
        if !plan.refused.isEmpty {
            throw CLIError.usage(trn("nothing was imported: {count} event cannot be imported: {problems}",
                                     "nothing was imported: {count} events cannot be imported: {problems}",
                                     plan.refused.count, ["problems": plan.refused.map(\.text).joined(separator: "; ")]))
        }
    }

    private func read() throws -> String {
        let data: Data?
        if ics == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: ics)
        }
        guard let data else {
            throw CLIError.usage("ics: " + tr("cannot read {file}", ["file": ics]))
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func json(_ plan: EventImportPlan) -> JSONValue {
        func item(_ item: EventImportPlan.Item, fields: Bool = false) -> JSONValue {
            var object: [String: JSONValue] = [
                "number": .int(Int64(item.number)), "uid": .string(item.uid), "id": .string(key(item.id)),
                "title": .string(item.title),
            ]
            if fields { object["fields"] = .array(item.fields.map(JSONValue.string)) }
            return .object(object)
        }
        return .object([
            "dryRun": .bool(dryRun), "written": .bool(plan.written),
            "added": .array(plan.added.map { item($0) }), "changed": .array(plan.changed.map { item($0, fields: true) }),
            "unchanged": .array(plan.unchanged.map { item($0) }), "skipped": .array(plan.skipped.map { item($0) }),
            "refused": .array(plan.refused.map { problem in
                .object([
                    "number": .int(Int64(problem.number)), "uid": .string(problem.uid),
                    "id": .optional(problem.id.map(key)), "title": .string(problem.title),
                    "problems": .array(problem.messages.map(JSONValue.string)),
                ])
            }),
        ])
    }

    private func lines(_ plan: EventImportPlan) -> [String] {
        func line(_ item: EventImportPlan.Item) -> String {
            var text = "  \(key(item.id))  \(item.title)  " + tr("(event {number}, UID {uid})", ["number": String(item.number), "uid": item.uid])
            if !item.fields.isEmpty { text += ": " + item.fields.joined(separator: ", ") }
            return text
        }
        var lines: [String] = []
        for (heading, items) in [(dryRun ? tr("To add:") : tr("Added:"), plan.added),
                                 (dryRun ? tr("To change:") : tr("Changed:"), plan.changed),
                                 (tr("Unchanged:"), plan.unchanged),
                                 (tr("Skipped (cancelled in the file):"), plan.skipped)] where !items.isEmpty {
            lines.append(heading)
            lines += items.map(line)
        }
        let counts = dryRun
            ? [trn("{count} to add", "{count} to add", plan.added.count), trn("{count} to change", "{count} to change", plan.changed.count)]
            : [trn("{count} added", "{count} added", plan.added.count), trn("{count} changed", "{count} changed", plan.changed.count)]
        var summary = (counts + [trn("{count} unchanged", "{count} unchanged", plan.unchanged.count)]).joined(separator: ", ")
        summary += dryRun ? tr("; nothing was written (--dry-run).") : "."
        lines.append(summary)
        return lines
    }

    private func key(_ id: UUID) -> String { id.uuidString.lowercased() }
}
