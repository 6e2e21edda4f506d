import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `events update|remove ID --occurrence START [--following]`: one date of a repeating event,
/// or it and those that follow (`SeriesEdits` in the core says what each writes).
struct EventOccurrenceScope: RecordEditScope {
    @Option(help: ArgumentHelp(
        "One occurrence of a repeating event, by its original local start (2026-12-16T19:00, or 2026-12-16 for an all-day event), as `events occurrences` lists it: remove cancels it; update changes its time, title, location or description.",
        valueName: "local-start"))
    var occurrence: String?

    @Flag(help: "With --occurrence, update changes that date and those after it: the series ends before it and a new one starts there (its id printed first).")
    var following = false

    var isWholeRecord: Bool { occurrence == nil }

    func validate() throws {
        if following && occurrence == nil {
            throw CLIError.usage("following: " + tr("needs --occurrence: the date the changes start from"))
        }
    }

    func fields(removingPartOf stored: LocalRecord, zone: TimeZone) throws -> JSONValue {
        guard !following else { throw CLIError.usage("following: " + tr("is for update; remove cancels one occurrence at a time")) }
        return try EventDetails(syncFields: stored.fields).cancelling(occurrence ?? "", zone: zone).syncFields
    }

    func partFields(of stored: LocalRecord, zone: TimeZone) throws -> JSONValue {
        let series = try EventDetails(syncFields: stored.fields)
        return series.details(of: try series.checkedOccurrence(occurrence ?? "", zone: zone)).syncFields
    }

    func writes(editing stored: LocalRecord, part: JSONValue, zone: TimeZone) throws -> (record: JSONValue, added: JSONValue?) {
        let series = try EventDetails(syncFields: stored.fields)
        let edited = try EventDetails(typed: part, organizationZone: zone)
        let key = occurrence ?? ""
        guard following else { return (try series.changing(key, to: edited, zone: zone).syncFields, nil) }
        let (before, from) = try series.splitting(at: key, edited: edited, zone: zone)
        guard let before else { return (from.syncFields, nil) }
        return (before.syncFields, from.syncFields)
    }
}
