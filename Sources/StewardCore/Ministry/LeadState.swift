import Foundation
import Translation

/// Where a "get involved" lead stands: new when it arrives, contacted once someone reached out,
/// then joined (a group) or not interested.
public enum LeadState: String, CaseIterable, Sendable {
    case new
    case contacted
    case joined
    case notInterested = "not-interested"

    /// In the person's language, for the Leads page's status and filter.
    public var title: String {
        switch self {
        case .new: tr("New")
        case .contacted: tr("Contacted")
        case .joined: tr("Joined")
        case .notInterested: tr("Not interested")
        }
    }

    /// The words the command line and the store accept, for messages.
    public static var words: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
