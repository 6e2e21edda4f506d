import Translation

/// What a survey question asks for: its `type` field.
public enum QuestionKind: String, CaseIterable, Sendable {
    case singleChoice = "single-choice"
    case multipleChoice = "multiple-choice"
    case shortText = "short-text"
    case longText = "long-text"
    case yesNo = "yes-no"
    case number
    case date
    case scale

    /// Choice questions list their options; the others have none.
    public var hasOptions: Bool { self == .singleChoice || self == .multipleChoice }
    /// Text answers are read one by one; the others are counted.
    public var isText: Bool { self == .shortText || self == .longText }

    /// The longest answer of a text question.
    public var maxLength: Int { self == .longText ? 5000 : 200 }

    /// "Single choice", in the person's language.
    public var title: String {
        switch self {
        case .singleChoice: trc("question type", "Single choice")
        case .multipleChoice: trc("question type", "Multiple choice")
        case .shortText: trc("question type", "Short text")
        case .longText: trc("question type", "Long text")
        case .yesNo: trc("question type", "Yes/no")
        case .number: trc("question type", "Number")
        case .date: trc("question type", "Date")
        case .scale: trc("question type", "Scale")
        }
    }
}

/// Who a question is for: the member's `audience`, or everyone.
public enum QuestionAudience: String, CaseIterable, Sendable {
    case everyone, students, residents

    /// For people: "Students" (a member's audience reads the same).
    public var title: String {
        switch self {
        case .everyone: trc("audience", "Everyone")
        case .students: trc("audience", "Students")
        case .residents: trc("audience", "Residents")
        }
    }

    public func includes(memberAudience: String?) -> Bool {
        self == .everyone || memberAudience == rawValue
    }
}
