import Foundation
import StewardCore

/// A member submitting an event or editing their submission: pure rules over what the store
/// holds, run in the organization's transaction (`MemberRepository.change`).
enum MemberSubmissions {
    enum Failure: Error, Sendable {
        case invalid(ValidationError)
        /// No submission of theirs with that id (someone else's looks the same: 404).
        case notFound
        case notEditable(String)
        case disabled
    }

    /// Who is submitting, as their member record says now.
    struct Submitter: Sendable {
        var id: String
        var email: String
        var name: String
        var trusted: Bool

        /// nil when the member has no live record or is disabled.
        init?(id: String, record: JSONValue?) {
            guard let record, record["disabled"]?.boolValue != true else { return nil }
            self.id = id
            email = record["email"]?.stringValue ?? ""
            name = record["displayName"]?.stringValue ?? ""
            trusted = record["role"]?.stringValue == MemberRole.organizer.rawValue
        }

        var author: String { "member:\(email)" }
    }

    static func keys(memberId: String, submissionId: String) -> Set<RecordKey> {
        [RecordKey(entity: RecordType.member.entity, id: memberId),
         RecordKey(entity: RecordType.submission.entity, id: submissionId),
         RecordKey(entity: SyncEntity.event, id: submissionId)]
    }

    /// A new submission `id` of `input` (an event's sync fields; other keys are ignored, as
    /// `events show --json` prints some). A trusted organizer's is approved on arrival.
    static func submit(_ input: JSONValue, id: String, memberId: String,
                       writer: inout RecordWriter) throws(Failure) -> RemoteRecord {
        guard let submitter = Submitter(id: memberId, record: writer.liveFields(RecordType.member.entity, memberId)) else {
            throw .disabled
        }
        let event = try validated(input, zone: writer.zone)
        var submission = SubmissionRecord(event: event, submitterId: submitter.id, submitterName: submitter.name,
                                          submitterEmail: submitter.email, at: writer.now)
        try move(&submission, id: id, to: submitter.trusted ? .approved : .pending, by: submitter.author,
                 reason: submitter.trusted ? "trusted organizer: approved on arrival" : "", basedOn: 0,
                 automatic: submitter.trusted, writer: &writer)
        return writer.record(RecordType.submission.entity, id)!
    }

    /// The submitter's new version of their submission. Unchanged fields change nothing; a
    /// change sends a submission waiting for changes, or an approved one, back to review
    /// (a trusted organizer's is approved again at once), while members keep seeing the
    /// approved event.
    static func edit(_ input: JSONValue, id: String, memberId: String,
                     writer: inout RecordWriter) throws(Failure) -> RemoteRecord {
        guard let submitter = Submitter(id: memberId, record: writer.liveFields(RecordType.member.entity, memberId)) else {
            throw .disabled
        }
        guard let current = writer.record(RecordType.submission.entity, id), !current.deleted else { throw .notFound }
        var submission = SubmissionRecord(fields: current.fields)
        guard submission.submitterId == submitter.id else { throw .notFound }
        let event = try validated(input, zone: writer.zone)
        let changed = Set(HistoryEntry.changes(from: submission.event, to: event).map(\.field))
        let next: SubmissionStatus?
        do {
            next = try ApprovalRules.statusAfterEdit(from: submission.status, trusted: submitter.trusted, changedFields: changed)
        } catch {
            throw .notEditable(error.message)
        }
        guard let next else { return current }
        let from = submission.status
        // The fields the submitter changed since the approval (this edit's and the earlier
        // ones of the same review), shown against the event members see: fields staff edited
        // on the event meanwhile are not the submitter's change, and stay as staff left them.
        let submitterChanged = changed.union(submission.isReReview ? Set(submission.changes.map(\.field)) : [])
        submission.setEvent(event)
        submission.fields["updatedAt"] = .string(DateTimeText.utc(writer.now))
        if let approved = writer.liveFields(SyncEntity.event, id) {
            submission.fields["reReview"] = .bool(true)
            submission.changes = ReviewChange.between(approved: approved, proposed: event, zone: writer.zone,
                                                      only: submitterChanged)
        }
        if next == from && next != .approved {
            do {
                try writer.write(RecordType.submission.entity, id, fields: submission.json)
            } catch {
                throw .invalid(error.problem)
            }
        } else {
            let reason = submitter.trusted ? "trusted organizer: approved on arrival" : ""
            try move(&submission, id: id, to: next, by: submitter.author, reason: reason,
                     basedOn: current.version, automatic: submitter.trusted, writer: &writer)
        }
        return writer.record(RecordType.submission.entity, id)!
    }

    /// `ApprovalWrites.move`, its refusal as the member's: the event they sent is what fails.
    private static func move(_ submission: inout SubmissionRecord, id: String, to status: SubmissionStatus, by: String,
                             reason: String, basedOn: Int64, automatic: Bool, writer: inout RecordWriter) throws(Failure) {
        do {
            _ = try ApprovalWrites.move(&submission, id: id, to: status, by: by, reason: reason, basedOn: basedOn,
                                        automatic: automatic, writer: &writer)
        } catch let error as ValidationError {
            throw .invalid(error)
        } catch let error as StoreMadeRecordRefused {
            throw .invalid(error.problem)
        } catch {
            throw .invalid(ValidationError(field: "body", message: "\(error)"))
        }
    }

    /// The event a member proposes. What they send for a field staff set (the stamps) is
    /// dropped: it takes its default here, and the event members see keeps staff's value.
    private static func validated(_ input: JSONValue, zone: TimeZone) throws(Failure) -> JSONValue {
        guard case .object = input else { throw .invalid(ValidationError(field: "body", message: "must be a JSON object of the event's fields")) }
        do {
            let proposed = RecordType.event.droppingFieldsSetByStaff(SubmissionFields.eventPart(input), keeping: nil)
            return try RecordType.event.validate(proposed, orgZone: zone)
        } catch {
            throw .invalid(error)
        }
    }
}
