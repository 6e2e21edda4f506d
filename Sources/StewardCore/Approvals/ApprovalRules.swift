import Foundation

/// The approval state machine, in one place: the store enforces it and the console offers only
/// what it allows (docs/approvals.md has the table).
public enum ApprovalRules {
    public static let maxReasonLength = 500
    /// A trail longer than this drops its oldest entries after the first (the submission).
    public static let maxTrailEntries = 200

    /// The fields that say when and where an event is: a submitter's change to one of them
    /// always sends an approved event back for review.
    public static let timeAndPlaceFields: Set<String> = [
        "timing", "startsAt", "endsAt", "startDate", "endDate", "timeZone",
        "locationName", "address", "latitude", "longitude",
    ]

    /// Why a move is not allowed, in words for the person who asked for it.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The moves staff may make, and their rule for a reason.
    public static func checkDecision(from: SubmissionStatus, to: SubmissionStatus, reason: String) throws(Refusal) {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        switch (from, to) {
        case (.pending, .approved), (.changesRequested, .approved),
             (.pending, .rejected), (.changesRequested, .rejected),
             (.pending, .changesRequested):
            break
        case (.approved, _), (.rejected, _):
            throw Refusal("the submission is already \(from.rawValue); it cannot become \(to.rawValue)")
        case (_, .pending):
            throw Refusal("staff cannot send a submission back to pending; request changes instead")
        default:
            throw Refusal("a submission that is \(from.rawValue) cannot become \(to.rawValue)")
        }
        if to != .approved && reason.isEmpty {
            throw Refusal("reason: is required to \(to == .rejected ? "reject" : "request changes")")
        }
        if reason.count > maxReasonLength {
            throw Refusal("reason: must be at most \(maxReasonLength) characters long")
        }
    }

    /// The status a submitter's edit leads to; nil when it changed nothing (an approved event
    /// stays approved). A trusted organizer's edits are approved on arrival.
    public static func statusAfterEdit(from: SubmissionStatus, trusted: Bool, changedFields: Set<String>) throws(Refusal) -> SubmissionStatus? {
        if from == .rejected {
            throw Refusal("the submission was rejected; rejected submissions cannot be edited")
        }
        if changedFields.isEmpty { return nil }
        if trusted { return .approved }
        // pending stays pending; changes requested goes back to the queue; an approved event goes
        // back for review, its time or place always and every other change too.
        return .pending
    }

    /// What the submitter reads when their submission changes status.
    public static func notificationMessage(to: SubmissionStatus, from: SubmissionStatus?, reason: String,
                                           automatic: Bool) -> String {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        let because = reason.isEmpty ? "" : ": " + reason
        switch to {
        case .approved: return automatic ? "Approved: published at once for a trusted organizer" : "Approved" + because
        case .rejected: return "Rejected" + because
        case .changesRequested: return "Changes requested" + because
        case .pending: return from == .approved ? "Your change is waiting for review" : "Received: waiting for review"
        }
    }
}
