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
            The gym's notes are never touched. Each source is all or nothing on its own: a source \
            that fails (refused key, timeout, server error, unreadable answer) changes nothing of \
            its own and keeps none of the others from refreshing; each that failed is named on \
            standard error with the reason (and kept on the source, see `schedule sources list`), \
            and the exit status is 1. With --json, one object {"new", "updated", "cancelled", \
            "substitutes", "removed", "appointments"} totalled over the sources refreshed, and, \
            when refreshing all and some failed, "failed": [{"id", "label", "reason"}]; nothing \
            is printed when no source was refreshed. \
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
        let outcomes: [SourceRefreshOutcome]
        if let id {
            do {
                let results = try await context.service.refresh(id, in: context.org)
                outcomes = results.map { SourceRefreshOutcome(source: $0.source, result: .success($0)) }
            } catch let error as ScheduleRefreshError {
                throw CLIError.failure(tr("refresh failed, nothing was changed: {reason}", ["reason": error.message]))
            }
        } else {
            outcomes = try await context.service.refreshEach(in: context.org)
        }
        let results = outcomes.compactMap(\.refreshed)
        let failed = outcomes.compactMap { outcome in outcome.failure.map { (source: outcome.source, error: $0) } }
        for result in results where result.appointmentsUnavailable {
            Console.note(tr("{source}: appointments not available from this source", ["source": result.source.label]))
        }
        if !results.isEmpty { show(results, failed: failed) }
        guard failed.isEmpty else {
            for (source, error) in failed {
                Console.note(tr("{source}: refresh failed, nothing was changed for this source: {reason}",
                                ["source": source.label, "reason": error.message]))
            }
            if results.isEmpty {
                throw CLIError.failure(trn("the source could not be refreshed, nothing was changed",
                                           "no source could be refreshed, nothing was changed", outcomes.count))
            }
            throw CLIError.failure(trn("{count} of {total} source could not be refreshed (named above); the others were",
                                       "{count} of {total} sources could not be refreshed (named above); the others were",
                                       outcomes.count, ["count": String(failed.count), "total": String(outcomes.count)]))
        }
    }

    /// The counts of what was refreshed: totalled, and per source when there are several.
    private func show(_ results: [ScheduleRefreshResult], failed: [(source: ScheduleSource, error: ScheduleRefreshError)]) {
        let total = results.reduce(RefreshCounts()) { $0 + $1.counts }
        if output.json {
            guard !failed.isEmpty, case .object(var members) = total.json else {
                Console.printJSON(total.json)
                return
            }
            members["failed"] = .array(failed.map { source, error in
                .object(["id": .string(source.id.uuidString.lowercased()), "label": .string(source.label),
                         "reason": .string(error.message)])
            })
            Console.printJSON(.object(members))
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
