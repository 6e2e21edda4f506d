import Foundation
import Translation

/// Where a loan stands. Out, lost and claims-returned are open: the book is not back, so it
/// cannot be lent again until the loan is returned (a lost book found, a claim settled).
public enum LoanState: String, Sendable, CaseIterable {
    case out
    case returned
    case lost
    case claimsReturned = "claims-returned"

    public var isOpen: Bool { self != .returned }

    /// The word people read, in their language.
    public var text: String {
        switch self {
        case .out: trc("loan state", "Out")
        case .returned: trc("loan state", "Returned")
        case .lost: trc("loan state", "Lost")
        case .claimsReturned: trc("loan state", "Claims returned")
        }
    }

    public static var words: [String] { allCases.map(\.rawValue) }

    /// The state a loan's fields hold (`out` when missing).
    public init(fields: JSONValue) {
        self = fields["state"]?.stringValue.flatMap(LoanState.init(rawValue:)) ?? .out
    }
}

/// What a loan's list shows: its state, or Overdue for a loan out past its due date.
enum LoanStatus {
    /// UTC−12, the zone where each day ends last.
    static let latestZone = TimeZone(secondsFromGMT: -12 * 3600) ?? .gmt

    static func of(_ fields: JSONValue, today: LocalDate) -> RecordStatus {
        let state = LoanState(fields: fields)
        if state == .out, let due = fields["dueOn"]?.stringValue.flatMap(LocalDate.init(iso:)), due < today {
            return RecordStatus(key: "overdue", text: trc("loan state", "Overdue"))
        }
        return RecordStatus(key: state.rawValue, text: state.text)
    }
}
