import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule sources add --mindbody URL --site-id ID --api-key-stdin | --ical URL|FILE | --file FILE`
struct ScheduleSourcesAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a schedule source: MindBody's Public API v6, an iCalendar feed, or a saved MindBody answer.",
        discussion: """
            --mindbody takes the API's base address (https://api.mindbodyonline.com) with \
            --site-id and the API key on standard input (--api-key-stdin); the key is kept in the \
            keyring or a private credentials file, never in the database. --ical takes a feed's \
            http(s) address or an .ics file. --file takes a saved v6 JSON answer or a SOAP v5 \
            GetClasses XML answer (told apart by their content). Prints the new source's id.
            """)

    @Option(help: ArgumentHelp("MindBody's API base address.", valueName: "url"))
    var mindbody: String?
    // Unconditional: MindBody's own sandbox site is -99, which would otherwise read as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("MindBody's site id (with --mindbody), like 12345 or -99.", valueName: "id"))
    var siteId: String?
    @Flag(help: "Read the MindBody API key from standard input (its first line).")
    var apiKeyStdin = false
    @Option(help: ArgumentHelp("An iCalendar feed: its http(s) address or an .ics file.", valueName: "url-or-file"))
    var ical: String?
    @Option(help: ArgumentHelp("A saved MindBody answer: v6 JSON or SOAP v5 GetClasses XML.", valueName: "file"))
    var file: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    /// The options fit together; checked in `run` so the refusal is a usage error (exit 2).
    private func checkOptions() throws {
        let given = [mindbody, ical, file].compactMap { $0 }.count
        guard given == 1 else {
            throw CLIError.usage(tr("give one of {mindbody}, {ical} or {file}",
                                    ["mindbody": "--mindbody URL", "ical": "--ical URL|FILE", "file": "--file FILE"]))
        }
        if mindbody == nil, siteId != nil || apiKeyStdin {
            throw CLIError.usage(tr("{site} and {key} go with {mindbody} only",
                                    ["site": "--site-id", "key": "--api-key-stdin", "mindbody": "--mindbody"]))
        }
        if mindbody != nil {
            guard siteId != nil else { throw CLIError.usage("site-id: " + tr("is required with {option}", ["option": "--mindbody"])) }
            guard apiKeyStdin else {
                throw CLIError.usage("api-key-stdin: " + tr("is required with {option}: pipe the API key in, so it stays out of the process list and the shell history",
                                                            ["option": "--mindbody"]))
            }
        }
    }

    func run() async throws {
        try checkOptions()
        let context = try await ScheduleContext.open(global, org)
        let source: ScheduleSource
        if let mindbody, let siteId {
            let key = PasswordPrompt.firstLine(of: FileHandle.standardInput.readDataToEndOfFile()).trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else {
                throw CLIError.usage("api-key-stdin: " + tr("standard input holds no API key"))
            }
            source = try await context.service.addMindBody(baseURL: mindbody, siteId: siteId, apiKey: key, in: context.org)
        } else if let ical {
            source = try await context.service.addICal(ical, in: context.org)
        } else if let file {
            source = try await context.service.addFile(file, in: context.org)
        } else {
            return
        }
        if output.json {
            Console.printJSON(ScheduleOutput.json(source, zone: context.org.timeZone))
        } else {
            Console.print([source.id.uuidString.lowercased()])
        }
    }
}
