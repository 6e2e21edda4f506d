import Foundation
import Translation

/// What an announcement must be, on the console and the store alike.
public enum AnnouncementRules {
    public static let maxTitleLength = 100
    /// A notification's payload travels encrypted in at most 4,096 bytes (RFC 8291): the title,
    /// the message and a link of these lengths fit it whatever the characters.
    public static let maxBodyLength = 500
    public static let maxRecordLength = 80
    /// About what a phone's lock screen shows of the message before it cuts it.
    public static let lockScreenLength = 178
    /// The record types a notification can open in the app.
    public static let linkableTypes = ["event", "bulletin", "message"]

    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        let hasLink = !FieldKind.isEmpty(values["link"])
        let record = values["record"]?.stringValue ?? ""
        if !record.isEmpty {
            if hasLink {
                issues.add("record", tr("give a link or a record, not both"))
            } else if parseRecord(record) == nil {
                issues.add("record", tr("must be TYPE:ID, TYPE one of {types}, like event:6f1c…",
                                        ["types": linkableTypes.joined(separator: ", ")]))
            }
        }
    }

    /// Scheduled with no time: sent as soon as it is saved, so "Send" in the editor needs no
    /// time typed; the time it is given is the one every side then keeps.
    static func sendNowIfUntimed(_ values: inout [String: JSONValue], now: Date) {
        guard values["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue, FieldKind.isEmpty(values["sendAt"]) else { return }
        values["sendAt"] = .string(DateTimeText.utc(now))
    }

    /// A `TYPE:ID` that names a record a notification can open.
    public static func parseRecord(_ text: String) -> (entity: String, id: String)? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, linkableTypes.contains(parts[0]), UUID(uuidString: parts[1]) != nil else { return nil }
        return (parts[0], parts[1].lowercased())
    }

    /// Scheduled, and its send time has come: the store has sent it, or is sending it.
    public static func isSent(_ fields: JSONValue, now: Date) -> Bool {
        guard fields["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue,
              let sendAt = fields["sendAt"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return false }
        return sendAt <= now
    }

    /// Only a draft is removed: a scheduled one goes back to draft first, so nobody withdraws
    /// what is about to reach every phone by a slip, and a sent one stays with its report.
    static func removalRefusal(_ fields: JSONValue) -> String? {
        guard fields["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue else { return nil }
        return tr("only a draft announcement can be removed; make it a draft first, or leave a sent one with its report")
    }

    /// An announcement already sent is never changed: the phones have it as it was.
    static func refusal(_ change: RecordChange, now: Date) -> ValidationIssue? {
        guard let previous = change.previous, isSent(previous, now: now), previous != change.fields else { return nil }
        return ValidationIssue(field: "sending", message: tr("this announcement has been sent and can no longer be changed; write a new one to correct it"))
    }
}
