import Foundation
import StewardCore
import Translation

/// How submissions print: the kit's JSON with the status as the store spells it, or a table.
enum ApprovalOutput {
    static func json(_ record: LocalRecord, org: Organization) -> JSONValue {
        guard case .object(var object) = RecordOutput(.submission, org: org).json(record) else { return .null }
        // The kit's `status` is the word people read ("Changes requested"); scripts filter on
        // the store's (`changes-requested`), as `--status` takes it.
        object["status"] = .string(SubmissionRecord(fields: record.fields).status.rawValue)
        return .object(object)
    }

    static func table(_ records: [LocalRecord], org: Organization) -> [String] {
        var table = Table(trc("table heading", "ID"), trc("table heading", "STATUS"), trc("table heading", "SUBMITTED"),
                          trc("table heading", "TITLE"), trc("table heading", "SUBMITTED BY"), trc("table heading", "STARTS"))
        for record in records {
            let submission = SubmissionRecord(fields: record.fields)
            let starts = RecordType.event.wireField("startsAt")?.kind.displayText(record["startsAt"], zone: org.timeZone) ?? ""
            table.append(record.key, submission.isReReview ? tr("{status} (re-review)", ["status": submission.status.rawValue]) : submission.status.rawValue,
                         submission.submittedAt.map { DateTimeText.iso($0, zone: org.timeZone) } ?? "",
                         submission.title, submission.submitterName,
                         starts.isEmpty ? (record["startDate"]?.stringValue ?? "") : starts)
        }
        return table.lines
    }

    static func trailJSON(_ entry: SubmissionTransition) -> JSONValue { entry.json }

    static func trailLine(_ entry: SubmissionTransition, org: Organization) -> [String] {
        [DateTimeText.iso(entry.at, zone: org.timeZone), "\(entry.from) → \(entry.to)", entry.by, entry.reason,
         String(entry.basedOn)]
    }
}
