import Foundation

/// A submission's fields read and changed by name: what the store's rules and the console's
/// pages work with rather than raw JSON.
public struct SubmissionRecord: Hashable, Sendable {
    public var fields: [String: JSONValue]

    public init(fields: JSONValue) {
        if case .object(let members) = fields { self.fields = members } else { self.fields = [:] }
    }

    /// A new submission of `event` (already validated) by a member.
    public init(event: JSONValue, submitterId: String, submitterName: String, submitterEmail: String, at: Date) {
        fields = [:]
        setEvent(event)
        fields["status"] = .string(SubmissionStatus.pending.rawValue)
        fields["submitterId"] = .string(submitterId)
        fields["submitterName"] = .string(submitterName)
        fields["submitterEmail"] = .string(submitterEmail)
        fields["submittedAt"] = .string(DateTimeText.utc(at))
        fields["updatedAt"] = .string(DateTimeText.utc(at))
        fields["reason"] = .string("")
        fields["decidedBy"] = .string("")
        fields["decidedAt"] = .null
        fields["reReview"] = .bool(false)
        fields["changes"] = .array([])
        fields["trail"] = .array([])
    }

    public var json: JSONValue { .object(fields) }

    public var status: SubmissionStatus {
        get { (fields["status"]?.stringValue).flatMap(SubmissionStatus.init(rawValue:)) ?? .pending }
        set { fields["status"] = .string(newValue.rawValue) }
    }

    public var title: String { fields["title"]?.stringValue ?? "" }
    public var submitterId: String { fields["submitterId"]?.stringValue ?? "" }
    public var submitterName: String { fields["submitterName"]?.stringValue ?? "" }
    public var submitterEmail: String { fields["submitterEmail"]?.stringValue ?? "" }
    public var submittedAt: Date? { fields["submittedAt"]?.stringValue.flatMap(DateTimeText.parseUTC) }
    public var reason: String { fields["reason"]?.stringValue ?? "" }
    public var isReReview: Bool { fields["reReview"]?.boolValue ?? false }

    /// The event as members will see it once approved.
    public var event: JSONValue { SubmissionFields.eventPart(.object(fields)) }

    public mutating func setEvent(_ event: JSONValue) {
        guard case .object(let values) = SubmissionFields.eventPart(event) else { return }
        for (key, value) in values { fields[key] = value }
    }

    public var trail: [SubmissionTransition] {
        (fields["trail"]?.arrayValue ?? []).compactMap(SubmissionTransition.init(json:))
    }

    /// The decision staff made here that the store has not put in the trail yet (the store
    /// writes the trail when it applies the decision): the move from the trail's last status to
    /// this one, by whom, when and why. nil once the trail has it, or when there is none.
    public var decisionWaitingForTheStore: SubmissionTransition? {
        guard let decidedAt = fields["decidedAt"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return nil }
        let last = trail.last
        if let last, last.to == status.rawValue, last.at >= decidedAt.addingTimeInterval(-1) { return nil }
        return SubmissionTransition(from: last?.to ?? SubmissionTransition.newWord, to: status.rawValue,
                                    by: fields["decidedBy"]?.stringValue ?? "", at: decidedAt,
                                    reason: fields["reason"]?.stringValue ?? "", basedOn: 0)
    }

    public var changes: [ReviewChange] {
        get { (fields["changes"]?.arrayValue ?? []).compactMap(ReviewChange.init(json:)) }
        set { fields["changes"] = .array(newValue.map(\.json)) }
    }

    /// Moves the submission and notes it in the trail (keeping the first entry when it is full).
    /// The first move, of a new submission, is from "new".
    public mutating func move(to status: SubmissionStatus, by: String, at: Date, reason: String, basedOn: Int64) {
        var trail = fields["trail"]?.arrayValue ?? []
        let entry = SubmissionTransition(from: trail.isEmpty ? SubmissionTransition.newWord : self.status.rawValue,
                                         to: status.rawValue, by: by, at: at, reason: reason, basedOn: basedOn)
        trail.append(entry.json)
        if trail.count > ApprovalRules.maxTrailEntries {
            trail.removeSubrange(1...(trail.count - ApprovalRules.maxTrailEntries))
        }
        fields["trail"] = .array(trail)
        self.status = status
        if status == .approved { fields["reReview"] = .bool(false) }
    }

    /// Notes a staff decision's maker and reason.
    public mutating func noteDecision(by: String, at: Date, reason: String) {
        fields["reason"] = .string(reason)
        fields["decidedBy"] = .string(by)
        fields["decidedAt"] = .string(DateTimeText.utc(at))
    }
}
