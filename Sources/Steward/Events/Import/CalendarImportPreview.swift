import Foundation
import StewardCore
import Translation

/// A calendar file's import plan (`EventImporter.plan`) in the shared preview window's terms:
/// the events to add (with when they happen), to change (with what changes, in words), those
/// left alone (folded), those the file marks cancelled, and the problems. The importer writes
/// nothing when any event cannot be imported, so then the confirm button is off and the
/// summary says what to do.
enum CalendarImportPreview {
    @MainActor
    static func make(fileName: String, file: EventCalendarFile, plan: EventImportPlan, organization: Organization,
                     confirm: @escaping @MainActor () async throws -> Void) -> ImportPreview {
        let imported = Dictionary(file.events.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let writes = plan.added.count + plan.changed.count
        var groups: [ImportPreview.Group] = [
            .init(title: trn("Event to Add ({count})", "Events to Add ({count})", plan.added.count), rows: plan.added.map { item in
                .init(heading: heading(item), detail: imported[item.number].map { when($0, zone: organization.timeZone) } ?? "")
            }),
            .init(title: trn("Event to Change ({count})", "Events to Change ({count})", plan.changed.count),
                  rows: plan.changed.map { item in
                .init(heading: heading(item), detail: tr("Changes: {fields}", ["fields": fieldWords(item.fields)]))
            }),
            .init(title: trn("Event Left Alone ({count})", "Events Left Alone ({count})", plan.unchanged.count),
                  rows: plan.unchanged.map { .init(heading: heading($0)) },
                  foldedTitle: trn("{count} event is already as the file has it", "{count} events are already as the file has them",
                                   plan.unchanged.count)),
            .init(title: trn("Cancelled in the File ({count})", "Cancelled in the File ({count})", plan.skipped.count),
                  rows: plan.skipped.map { .init(heading: heading($0), detail: tr("Skipped: the file marks it cancelled")) }),
            .init(title: trn("Event That Cannot Be Imported ({count})", "Events That Cannot Be Imported ({count})",
                             plan.refused.count),
                  rows: plan.refused.map { problem in
                .init(heading: tr("Event {number}, UID {uid}", ["number": String(problem.number),
                                                                "uid": problem.uid.isEmpty ? tr("none") : problem.uid]),
                      detail: ([problem.title].filter { !$0.isEmpty } + [problem.messages.joined(separator: "; ")]).joined(separator: ": "))
            }),
        ]
        // What keeps the file from being imported comes first.
        if !plan.refused.isEmpty { groups.insert(groups.removeLast(), at: 0) }
        return ImportPreview(
            title: tr("Import Calendar"), subtitle: fileName, summary: summary(plan), groups: groups,
            confirmLabel: trn("_Import {count} Event", "_Import {count} Events", writes),
            blockedReason: !plan.refused.isEmpty ? tr("Nothing can be imported until every event of the file can be.")
                : writes == 0 ? tr("Every event of the file is here already as it is.") : nil,
            failureHeading: tr("Could Not Import the Calendar"),
            confirm: confirm)
    }

    static func summary(_ plan: EventImportPlan) -> String {
        if !plan.refused.isEmpty {
            return trn("{count} event of the file cannot be imported, so nothing will be: correct it in the calendar file, or take it out, then import the file again.",
                       "{count} events of the file cannot be imported, so nothing will be: correct them in the calendar file, or take them out, then import the file again.",
                       plan.refused.count)
        }
        if plan.added.isEmpty && plan.changed.isEmpty {
            return tr("Nothing to add or change: every event of the file is here already as it is.")
        }
        // Only what the file does: a count of none says nothing.
        let said = [(plan.added.count, trn("{count} new event will be added.", "{count} new events will be added.", plan.added.count)),
                    (plan.changed.count, trn("{count} event will be changed.", "{count} events will be changed.", plan.changed.count)),
                    (plan.unchanged.count, trn("{count} event is already as the file has it.",
                                               "{count} events are already as the file has them.", plan.unchanged.count))]
        return (said.filter { $0.0 > 0 }.map(\.1) + [tr("Nothing is written until you choose Import.")]).joined(separator: " ")
    }

    /// What the toast says once the import ran: "Imported 3 events, changed 1".
    static func done(_ plan: EventImportPlan) -> String {
        switch (plan.added.count, plan.changed.count) {
        case (0, let changed): trn("Changed {count} event", "Changed {count} events", changed)
        case (let added, 0): trn("Imported {count} event", "Imported {count} events", added)
        case (let added, let changed):
            trn("Imported {count} event, changed {changed}", "Imported {count} events, changed {changed}", added,
                ["changed": String(changed)])
        }
    }

    private static func heading(_ item: EventImportPlan.Item) -> String {
        tr("Event {number}: {title}", ["number": String(item.number), "title": item.title])
    }

    /// When the event happens, as the table says it, or how it repeats for a series.
    private static func when(_ event: ImportedEvent, zone: TimeZone) -> String {
        guard let details = try? EventDetails(typed: .object(event.fields), organizationZone: zone) else { return "" }
        let when = details.repeats.rule.map { RepeatSummary.text($0, timing: details.timing, zone: zone) }
            ?? EventTimingText.describe(details.timing, orgZone: zone)
        return [when, details.locationName].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The changed fields in words, in the order people think of an event: "time, place".
    static func fieldWords(_ keys: [String]) -> String {
        let words: [(keys: Set<String>, word: String)] = [
            (["title"], tr("title")), (["timing"], tr("time")), (["repeat"], tr("repeat rule")),
            (["cancelledOccurrences"], tr("cancelled dates")), (["extraOccurrences"], tr("extra dates")),
            (["changedOccurrences"], tr("changed dates")), (["locationName"], tr("place")), (["address"], tr("address")),
            (["latitude", "longitude"], tr("map position")), (["description"], tr("description")), (["links"], tr("link")),
            (["audience"], tr("audience")),
        ]
        let changed = Set(keys)
        var said = words.filter { !$0.keys.isDisjoint(with: changed) }.map(\.word)
        let known = words.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        said += keys.filter { !known.contains($0) }.map { RecordType.event.field($0)?.label.lowercased() ?? $0 }
        return said.joined(separator: ", ")
    }
}
