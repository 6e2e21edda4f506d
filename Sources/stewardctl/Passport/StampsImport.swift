import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl stamps import --event ID --csv FILE [--dry-run]`
struct StampsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Grant an event's stamps to every member a CSV of e-mails names, after saying who gets one.",
        discussion: """
            Each row's first field with an e-mail address counts; a header row is skipped. The \
            preview says who gets a stamp, who already has one and which e-mails are no member's; \
            the grants are written together, or with --dry-run not at all.
            """)

    @Option(help: ArgumentHelp("The event's id (as `stewardctl events list` prints it).", valueName: "id"))
    var event: String
    @Option(help: ArgumentHelp("The CSV file of attendees' e-mails (a sign-in sheet or a form export).", valueName: "file"))
    var csv: String
    @Flag(help: "Only show what would happen; write nothing.")
    var dryRun = false
    @Option(help: ArgumentHelp("Why staff grant them, kept with each entry (default: the file's name).", valueName: "text"))
    var note: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let eventId = try PassportLookup.event(event)
        let emails = try readEmails()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let ledger = StampLedger(database: database)
        let preview: StampImportPreview
        var written = 0
        if dryRun {
            preview = try await ledger.preview(emails: emails, event: eventId, in: organization)
        } else {
            // Stored as typed: the ledger keeps staff's words in their language.
            let reason = note ?? "Imported from \(URL(fileURLWithPath: csv).lastPathComponent)"
            let result = try await ledger.grantAll(emails: emails, event: eventId, note: reason, in: organization)
            preview = result.preview
            written = result.entries.count
        }
        PassportText.warnIfNoStamps(preview.stamps, event: preview.eventTitle, eventId: preview.event)
        if output.json {
            Console.printJSON(json(preview, written: written))
        } else {
            Console.print(lines(preview, written: written))
        }
    }

    private func readEmails() throws -> [String] {
        let text: String
        do {
            text = try String(contentsOfFile: csv, encoding: .utf8)
        } catch {
            throw CLIError.usage("csv: " + tr("cannot read {file} ({problem}); give a UTF-8 CSV file of e-mails",
                                              ["file": csv, "problem": OneLine.text(error)]))
        }
        let emails = StampImportCSV.emails(in: text)
        if emails.isEmpty {
            throw CLIError.usage("csv: " + tr("{file} has no e-mail addresses; give one e-mail per row", ["file": csv]))
        }
        return emails
    }

    private func json(_ preview: StampImportPreview, written: Int) -> JSONValue {
        func person(_ person: StampImportPreview.Person) -> [String: JSONValue] {
            ["email": .string(person.email), "member": .string(person.member), "name": .string(person.name)]
        }
        return .object([
            "event": .string(preview.event), "stamps": .int(Int64(preview.stamps)), "dryRun": .bool(dryRun),
            "written": .int(Int64(written)),
            "granted": .array(preview.granted.map { .object(person($0)) }),
            "alreadyStamped": .array(preview.alreadyStamped.map { held in
                var object = person(held.person)
                object["entry"] = .string(held.entry.key)
                return .object(object)
            }),
            "unknown": .array(preview.unknown.map(JSONValue.string)),
        ])
    }

    private func lines(_ preview: StampImportPreview, written: Int) -> [String] {
        var lines = [tr("“{event}” gives {stamps} each.", ["event": preview.eventTitle, "stamps": String(preview.stamps)])]
        lines.append(trn("Gets a stamp ({count}):", "Get a stamp ({count}):", preview.granted.count))
        lines += preview.granted.map { "  \($0.email)  \($0.name)" }
        lines.append(trn("Already has one ({count}):", "Already have one ({count}):", preview.alreadyStamped.count))
        lines += preview.alreadyStamped.map { "  \($0.person.email)  " + tr("entry {id}", ["id": $0.entry.key]) }
        lines.append(trn("Unknown e-mail ({count}):", "Unknown e-mails ({count}):", preview.unknown.count))
        lines += preview.unknown.map { "  \($0)" }
        lines.append(dryRun ? tr("Nothing was written (--dry-run).")
                            : trn("Granted {count} stamp entry.", "Granted {count} stamp entries.", written))
        return lines
    }
}
