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

    /// Writes the event members see, under the submission's id, as
    /// `SubmissionRecord.publishedEvent` makes it (shared with the console, which shows it ahead
    /// of the store when staff approve there).
    private static func publish(_ submission: SubmissionRecord, id: String, writer: inout RecordWriter) throws {
        let event = try submission.publishedEvent(over: writer.liveFields(SyncEntity.event, id), orgZone: writer.zone)
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
