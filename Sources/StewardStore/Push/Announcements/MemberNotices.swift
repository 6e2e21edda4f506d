import Foundation
import StewardCore

/// Notices for one member that the apps already read as records become push notifications
/// too, queued in the transaction that makes the record: a submission's new status ("Approved",
/// "Changes requested: add a contact email"), a ride's assignment, change or cancellation, and a
/// lead routed to the group a member leads.
/// Each is queued once, when its record is first written; these records are never changed.
enum MemberNotices {
    /// A day: a notice older than that is news the app shows anyway.
    static let timeToLive: TimeInterval = 86_400

    static func message(for write: StoredRecord, org: String) -> PushMessage? {
        let record = write.record
        guard !record.deleted, let member = record.fields["member"]?.stringValue, !member.isEmpty else { return nil }
        let now = Milliseconds.date(write.changedAt)
        let text = record.fields["message"]?.stringValue ?? ""
        switch record.entity {
        case RecordType.notification.entity:
            // The notice that a submission arrived is for the app's list; the member who just
            // sent it needs no notification of it.
            guard record.fields["status"]?.stringValue != SubmissionStatus.pending.rawValue else { return nil }
            let submission = record.fields["submission"]?.stringValue
            return PushMessage(org: org, id: "notification:\(record.id)", title: record.fields["title"]?.stringValue ?? "Your event",
                               body: text, record: submission.map { "submission:\($0)" }, memberId: member,
                               urgency: .normal, sendAt: now, expiresAt: now.addingTimeInterval(timeToLive))
        case RecordType.rideNotification.entity:
            let event = record.fields["event"]?.stringValue
            return PushMessage(org: org, id: "rideNotification:\(record.id)", title: "Your ride", body: text,
                               record: event.map { "event:\($0)" }, memberId: member, urgency: .normal, sendAt: now,
                               expiresAt: now.addingTimeInterval(timeToLive))
        case RecordType.leadNotice.entity:
            let lead = record.fields["lead"]?.stringValue
            return PushMessage(org: org, id: "leadNotice:\(record.id)", title: "Someone would like to join your group", body: text,
                               record: lead.map { "lead:\($0)" }, memberId: member, urgency: .normal, sendAt: now,
                               expiresAt: now.addingTimeInterval(timeToLive))
        default:
            return nil
        }
    }
}
