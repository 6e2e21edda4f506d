import Foundation

/// One line of the mail log: a message sent, or tried and failed, with the reason.
public struct MailLogEntry: Hashable, Sendable {
    public var id: Int64
    public var sentAt: Date
    public var recipient: String
    public var subject: String
    public var purpose: MailPurpose
    /// nil when it was sent; the reason in words when it was not.
    public var error: String?
    public var messageID: String

    public var wasSent: Bool { error == nil }

    public init(id: Int64, sentAt: Date, recipient: String, subject: String, purpose: MailPurpose, error: String?,
                messageID: String) {
        self.id = id
        self.sentAt = sentAt
        self.recipient = recipient
        self.subject = subject
        self.purpose = purpose
        self.error = error
        self.messageID = messageID
    }

    public var json: JSONValue {
        .object([
            "id": .int(id),
            "at": .string(DateTimeText.utc(sentAt)),
            "to": .string(recipient),
            "subject": .string(subject),
            "purpose": .string(purpose.kind.rawValue),
            "recordId": purpose.recordId.map { .string(UUIDColumn.encode($0)) } ?? .null,
            "result": .string(wasSent ? "sent" : "failed"),
            "error": error.map { .string($0) } ?? .null,
            "messageId": .string(messageID),
        ])
    }
}
