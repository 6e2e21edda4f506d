import Translation

/// Where a member's submission stands. The store enforces the moves between them
/// (`ApprovalRules`); the console shows them and asks for them.
public enum SubmissionStatus: String, CaseIterable, Sendable, Hashable, Codable {
    case pending
    case approved
    case rejected
    case changesRequested = "changes-requested"

    /// For people: "Changes requested".
    public var title: String {
        switch self {
        case .pending: trc("submission status", "Pending")
        case .approved: trc("submission status", "Approved")
        case .rejected: trc("submission status", "Rejected")
        case .changesRequested: trc("submission status", "Changes requested")
        }
    }

    /// Waiting for staff: what the approval queue lists.
    public var isQueued: Bool { self == .pending || self == .changesRequested }

    public static var words: [String] { allCases.map(\.rawValue) }
}

/// What a member account may do beyond submitting: a trusted organizer's submissions are
/// approved on arrival.
public enum MemberRole: String, CaseIterable, Sendable, Hashable, Codable {
    case member
    case organizer

    public var title: String { self == .member ? trc("member role", "Member") : trc("member role", "Trusted organizer") }

    /// Also reads "trusted-organizer", as people say it.
    public init?(word: String) {
        let word = word.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "trusted-organizer" || word == "trusted organizer" { self = .organizer; return }
        self.init(rawValue: word)
    }
}

/// Who a member account is for; the app shows each audience its own questions and events.
public enum MemberAudience: String, CaseIterable, Sendable, Hashable, Codable {
    case students
    case residents
}
