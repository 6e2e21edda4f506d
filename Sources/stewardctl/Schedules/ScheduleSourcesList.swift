import ArgumentParser
import StewardCore
import Translation

/// `stewardctl schedule sources list [--json]`
struct ScheduleSourcesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the organization's schedule sources, with when each was last refreshed and what changed.",
        discussion: """
            With --json, an array of {"id", "kind" (mindbody, ical, file), "location", "siteId", \
            "addedAt", "lastRefreshedAt", "lastCounts": {"new", "updated", "cancelled", \
            "substitutes", "removed"}, "lastFailedAt", "lastFailure"} (when its last refresh \
            failed and why, until one succeeds; null otherwise). The API key is never shown.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try await ScheduleContext.open(global, org)
        let sources = try await context.service.sources(in: context.org)
        let zone = context.org.timeZone
        if output.json {
            Console.printJSON(.array(sources.map { ScheduleOutput.json($0, zone: zone) }))
            return
        }
        guard !sources.isEmpty else {
            Console.print([tr("No schedule sources yet; add one with `{command}`.", ["command": "stewardctl schedule sources add"])])
            return
        }
        var table = Table(trc("table heading", "ID"), trc("table heading", "SOURCE"), trc("table heading", "LAST REFRESHED"), trc("table heading", "CHANGES"))
        for source in sources {
            table.append(source.id.uuidString.lowercased(), source.label,
                         source.lastRefreshedAt.map { DateTimeText.iso($0, zone: zone) } ?? tr("never"),
                         source.lastFailure.map { tr("refresh failed: {reason}", ["reason": $0]) } ?? source.lastCounts?.summary ?? "")
        }
        Console.print(table.lines)
    }
}
