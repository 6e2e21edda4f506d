import Foundation
import Translation

/// What a message was sent for, as the mail log keeps it: a kind and the record it is about.
public struct MailPurpose: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// "Send test message" and `stewardctl mail test`.
        case test
        /// The library's reminder to a borrower (the record: the borrower).
        case loanReminder = "loan-reminder"
        /// A lead handed to a group's leader (the record: the lead).
        case leadHandOff = "lead-hand-off"
        /// An approval decision to the submitter (the record: the submission).
        case approvalDecision = "approval-decision"

        public var title: String {
            switch self {
            case .test: tr("Test message")
            case .loanReminder: tr("Loan reminder")
            case .leadHandOff: tr("Lead hand-off")
            case .approvalDecision: tr("Approval decision")
            }
        }
    }

    public var kind: Kind
    public var recordId: UUID?

    public init(_ kind: Kind, recordId: UUID? = nil) {
        self.kind = kind
        self.recordId = recordId
    }
}
