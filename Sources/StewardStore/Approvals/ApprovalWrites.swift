import Foundation
import StewardCore

/// What follows a submission's move between statuses, written in the same transaction: the
/// submission itself with its trail entry, the event members see when it is approved, and a
/// notification for the submitter.
enum ApprovalWrites {
    /// Moves the submission `id` to `status` and writes it; answers its new version. Approving
    /// throws the event's `ValidationError`, before anything is written, when the event members
    /// would see does not pass the rules (a submission kept from before a rule changed): it is
    /// never approved without its event.
    static func move(_ submission: inout SubmissionRecord, id: String, to status: SubmissionStatus, by: String,
                     reason: String, basedOn: Int64, automatic: Bool = false, writer: inout RecordWriter) throws -> Int64 {
        let from: SubmissionStatus? = submission.trail.isEmpty ? nil : submission.status
        // Published as the review found it: moving to approved ends the re-review.
        if status == .approved { try publish(submission, id: id, writer: &writer) }
        submission.move(to: status, by: by, at: writer.now, reason: reason, basedOn: basedOn)
        if status == .approved { submission.changes = [] }
        let version = try writer.write(RecordType.submission.entity, id, fields: submission.json)
        try notify(submission, id: id, from: from, reason: reason, automatic: automatic, writer: &writer)
        return version
    }

    /// Writes the event members see, under the submission's id. For a re-review only the fields
    /// the submitter changed since the approval are laid over the event as it stands, so what
    /// staff edited meanwhile stays.
    /// Fields staff set (the stamps) are never the submitter's: they stay as the event members
    /// see has them, or take their default on a first publication, even for a submission stored
    /// before the store dropped them on arrival.
    private static func publish(_ submission: SubmissionRecord, id: String, writer: inout RecordWriter) throws {
        let published = writer.liveFields(SyncEntity.event, id)
        let proposed = RecordType.event.droppingFieldsSetByStaff(submission.event, keeping: published)
        var fields = proposed
        if submission.isReReview, case .object(var current)? = published {
            for change in submission.changes where RecordType.event.wireField(change.field)?.isSetByStaff != true {
                current[change.field] = proposed[change.field] ?? .null
            }
            fields = .object(current)
        }
        // Checked again: a mix of staff's and the submitter's fields must still be an event; if
        // it is not, the submitter's whole proposal is what was approved. If that is not one
        // either, its problem is the refusal.
        let event: JSONValue
        if let merged = try? RecordType.event.validate(fields, orgZone: writer.zone) {
            event = merged
        } else {
            event = try RecordType.event.validate(proposed, orgZone: writer.zone)
        }
        try writer.write(SyncEntity.event, id, fields: event)
    }

    private static func notify(_ submission: SubmissionRecord, id: String, from: SubmissionStatus?, reason: String,
                               automatic: Bool, writer: inout RecordWriter) throws {
        let message = ApprovalRules.notificationMessage(to: submission.status, from: from, reason: reason, automatic: automatic)
        let fields: JSONValue = .object([
            "message": .string(message),
            "member": .string(submission.submitterId),
            "submission": .string(id),
            "title": .string(submission.title),
            "status": .string(submission.status.rawValue),
            "at": .string(DateTimeText.utc(writer.now)),
        ])
        try writer.write(RecordType.notification.entity, UUID().uuidString.lowercased(), fields: fields)
    }
}
