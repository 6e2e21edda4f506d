import Foundation
import Translation

extension RecordType {
    /// A community event a member submitted, with where it stands in review. Its fields are the
    /// event's own (what members will see once approved) beside the review's: status, submitter,
    /// the decision trail and, for a re-review, what changed since the approval. Made by the
    /// store; staff change only its status, by deciding (docs/approvals.md).
    public static let submission: RecordType = {
        var type = RecordType(
            entity: "submission", commandName: "approvals", module: .approvals, nouns: RecordNouns(trLater("submission"), trLater("submissions"), title: trLater("Submission"),
                           pluralTitle: trLater("Submissions"),
                           counted: { trn("{count} submission", "{count} submissions", $0, ["count": $1]) }), fields: SubmissionFields.review + RecordType.event.fields,
            titleField: "title", orderField: "submittedAt", storage: SubmissionRecordStorage())
        type.customValidation = { fields, zone throws(ValidationError) in
            try SubmissionFields.validate(fields, zone: zone)
        }
        return type
            .madeByStore()
            .publishingOnApproval(.event)
            .withStatus { fields, _ in
                let status = (fields["status"]?.stringValue).flatMap(SubmissionStatus.init(rawValue:)) ?? .pending
                return RecordStatus(key: status.rawValue, text: status.title)
            }
    }()
}

/// The submission's own fields, and how its record splits into review and event.
public enum SubmissionFields {
    static let review: [FieldSpec] = [
        FieldSpec("status", trLater("Status"), .choice(SubmissionStatus.words), [.required],
                  help: trLater("pending, approved, rejected or changes-requested."))
            .showingChoices { SubmissionStatus(rawValue: $0)?.title },
        FieldSpec("submitterId", trLater("Submitter id"), .text(maxLength: 40), help: trLater("The member who submitted it.")),
        FieldSpec("submitterName", trLater("Submitted by"), .text(maxLength: MemberRules.maxDisplayNameLength), [.listed, .searchable],
                  help: trLater("The submitter's name.")),
        FieldSpec("submitterEmail", trLater("Submitter email"), .email, [.searchable], help: trLater("The submitter's email.")),
        FieldSpec("submittedAt", trLater("Submitted"), .dateTime, [.listed], help: trLater("When it was first submitted.")),
        FieldSpec("updatedAt", trLater("Last edited"), .dateTime, help: trLater("When the submitter last changed it.")),
        FieldSpec("reason", trLater("Reason"), .longText(maxLength: ApprovalRules.maxReasonLength),
                  help: trLater("The reason given with the latest decision.")),
        FieldSpec("decidedBy", trLater("Decided by"), .text(maxLength: 300), help: trLater("Who made the latest decision.")),
        FieldSpec("decidedAt", trLater("Decided"), .dateTime, help: trLater("When the latest decision was made.")),
        FieldSpec("reReview", trLater("Re-review"), .boolean,
                  help: trLater("Whether it was approved before: the event members see stays as approved until this review ends.")),
        FieldSpec("changes", trLater("Changes since approval"), .list(of: ReviewChange.fields, maxItems: 40),
                  help: trLater("For a re-review, each event field the submitter changed since the approval.")),
        FieldSpec("trail", trLater("Decision trail"), .list(of: SubmissionTransition.fields, maxItems: ApprovalRules.maxTrailEntries),
                  help: trLater("Every move between statuses, oldest first.")),
    ]

    static let reviewNames = Set(review.map(\.name))
    static let eventNames = Set(RecordType.event.wireFields.map(\.name))

    /// The event part checked by the event's own rules, the review part by its fields.
    static func validate(_ fields: JSONValue, zone: TimeZone) throws(ValidationError) -> JSONValue {
        guard case .object(let given) = fields else { throw ValidationError(field: "fields", message: "must be a JSON object") }
        let event = try RecordType.event.validate(eventPart(fields), orgZone: zone)
        let review = try RecordFields.check(.object(given.filter { !eventNames.contains($0.key) }), fields: Self.review,
                                            zone: zone, noun: "submission")
        guard case .object(var merged) = review, case .object(let eventValues) = event else { return review }
        merged.merge(eventValues) { review, _ in review }
        return .object(merged)
    }

    /// The event fields of a submission's (or any) object, and nothing else.
    public static func eventPart(_ fields: JSONValue) -> JSONValue {
        guard case .object(let given) = fields else { return .object([:]) }
        return .object(given.filter { eventNames.contains($0.key) })
    }
}
