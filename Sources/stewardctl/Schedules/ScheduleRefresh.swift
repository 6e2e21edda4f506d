import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl schedule refresh [SOURCE-ID] [--json]`
struct ScheduleRefresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Read the schedule again from one source, or all, and say what changed: new, updated, cancelled, substitutes, removed.",
        discussion: """
            MindBody and iCalendar feeds are asked about the past week and the coming eight weeks; \
            a class in that stretch that the source no longer lists is marked removed (it is kept). \
            The gym's notes are never touched. All or nothing: if any source fails (refused key, \
            timeout, server error, unreadable answer) the reason is printed, nothing is changed, \
            and the exit status is 1. With --json, one object {"new", "updated", "cancelled", \
            "substitutes", "removed", "appointments"} totalled over the sources refreshed. \
            "appointments" counts the staff appointments (personal training) that changed: new, \
            changed or removed; a MindBody site that does not expose them is not an error, said \
            once on standard error.
            """)

    @Argument(help: ArgumentHelp("The source to refresh (see `stewardctl schedule sources list`); default: all of them.",
                                 valueName: "source-id"))
    var sourceId: String?
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try await ScheduleContext.open(global, org)
        var id: UUID?
        if let sourceId { id = try await context.sourceId(sourceId) }
        if id == nil, try await context.service.sources(in: context.org).isEmpty {
            throw CLIError.usage(tr("{organization} has no schedule source yet; add one with `{command}`",
                                    ["organization": context.org.slug, "command": "stewardctl schedule sources add"]))
        }
        let results: [ScheduleRefreshResult]
        do {
            results = try await context.service.refresh(id, in: context.org)
        } catch let error as ScheduleRefreshError {
            throw CLIError.failure(tr("refresh failed, nothing was changed: {reason}", ["reason": error.message]))
        }
        for result in results where result.appointmentsUnavailable {
            Console.note(tr("{source}: appointments not available from this source", ["source": result.source.label]))
        }
        let total = results.reduce(RefreshCounts()) { $0 + $1.counts }
        if output.json {
            Console.printJSON(total.json)
        } else {
            var lines = [tr("new: {new}, updated: {updated}, cancelled: {cancelled}, substitutes: {substitutes}, removed: {removed}",
                            ["new": String(total.new), "updated": String(total.updated), "cancelled": String(total.cancelled),
                             "substitutes": String(total.substitutes), "removed": String(total.removed)])]
            if results.contains(where: { $0.source.kind == .mindbody && !$0.appointmentsUnavailable }) {
                lines[0] += ", " + tr("appointments: {appointments}", ["appointments": String(total.appointments)])
            }
            if results.count > 1 {
                lines += results.map { "  \($0.source.label): \($0.counts.summary)" }
            }
            Console.print(lines)
        }
    }
}
