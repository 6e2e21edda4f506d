import Foundation
import Translation

/// What an event's repeat fields must agree on with its timing and each other, checked once
/// each field passed on its own (see `RecordType.event`).
enum SeriesRules {
    static let repeatField = "repeat"
    static let cancelledField = "cancelled-occurrences"
    static let extraField = "extra-occurrences"
    static let changedField = "changed-occurrences"

    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        let kind = values[TimingField.kindKey]?.stringValue.flatMap(EventTiming.Kind.init(rawValue:))
        let rule = values["repeat"]?.stringValue ?? ""
        let cancelled = keys(values["cancelledOccurrences"])
        let extra = keys(values["extraOccurrences"])
        let changed = values["changedOccurrences"]?.arrayValue ?? []
        guard !rule.isEmpty || !cancelled.isEmpty || !extra.isEmpty || !changed.isEmpty else { return }
        guard let kind, kind != .untimed else {
            // The timing's own problem is named already when it did not read.
            if kind == .untimed {
                issues.add(repeatField, tr("needs a start: an ongoing event cannot repeat (make it timed or all day)"))
            }
            return
        }
        let allDay = kind == .allDay
        if rule.isEmpty && extra.isEmpty {
            if !cancelled.isEmpty { issues.add(cancelledField, tr("are only for a repeating event; give it a repeat rule or clear them")) }
            if !changed.isEmpty { issues.add(changedField, tr("are only for a repeating event; give it a repeat rule or clear them")) }
        }
        for (field, list) in [(cancelledField, cancelled), (extraField, extra)] {
            if let wrong = list.first(where: { OccurrenceKeys.isDate($0) != allDay }) {
                issues.add(field, form(allDay: allDay, got: wrong))
            }
        }
        var seen = Set<String>()
        for (index, item) in changed.enumerated() {
            let number = String(index + 1)
            let key = item["occurrence"]?.stringValue ?? ""
            if OccurrenceKeys.isDate(key) != allDay {
                issues.add(changedField, tr("item {number}: {problem}", ["number": number, "problem": form(allDay: allDay, got: key)]))
                continue
            }
            if !seen.insert(key).inserted {
                issues.add(changedField, tr("item {number}: {occurrence} is changed twice; keep one", ["number": number, "occurrence": key]))
            }
            if let problem = timeProblem(item, allDay: allDay) {
                issues.add(changedField, tr("item {number}: {problem}", ["number": number, "problem": problem]))
            }
        }
    }

    private static func keys(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    private static func form(allDay: Bool, got key: String) -> String {
        allDay
            ? tr("must name occurrences of an all-day event by their date, like 2026-12-02 (got \"{value}\")", ["value": key])
            : tr("must name occurrences by their local start, like 2026-12-02T19:00 (got \"{value}\")", ["value": key])
    }

    /// A changed occurrence keeps the series' time (no times given) or has both of its own, of
    /// the series' kind, the end after the start.
    private static func timeProblem(_ item: JSONValue, allDay: Bool) -> String? {
        func has(_ key: String) -> Bool { item[key] != nil && item[key] != .null }
        let (startKey, endKey, otherKeys) = allDay ? ("startDate", "endDate", ["startsAt", "endsAt"])
                                                   : ("startsAt", "endsAt", ["startDate", "endDate"])
        if otherKeys.contains(where: has) {
            return allDay ? tr("an all-day event's occurrence moves to other dates (startDate, endDate), not times")
                          : tr("a timed event's occurrence moves to other times (startsAt, endsAt), not dates")
        }
        switch (has(startKey), has(endKey)) {
        case (false, false): return nil
        case (true, true): break
        default: return tr("give both its new start and its new end, or neither to keep the series' time")
        }
        let start = item[startKey]?.stringValue ?? "", end = item[endKey]?.stringValue ?? ""
        if allDay ? end < start : (DateTimeText.parseUTC(end) ?? .distantPast) <= (DateTimeText.parseUTC(start) ?? .distantFuture) {
            return allDay ? tr("its last day must not come before its first") : tr("it must end after it starts")
        }
        return nil
    }
}
