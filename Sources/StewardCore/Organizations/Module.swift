import Translation

/// A feature an organization can switch on. The console shows a page only for modules that
/// are both enabled and built (`isAvailable`): a page that does not work yet is not shown.
public enum Module: String, CaseIterable, Codable, Sendable {
    case events
    case bulletins
    case messages
    case giving
    case approvals
    case surveys
    case stamps
    case prizes
    case classSchedule = "class-schedule"
    case rides
    case books
    case loans
    case community
    case ministry
    case leads

    public var title: String {
        switch self {
        case .events: tr("Events")
        case .bulletins: tr("Bulletins")
        case .messages: tr("Messages")
        case .giving: tr("Giving")
        case .approvals: tr("Approvals")
        case .surveys: tr("Survey Questions")
        case .stamps: tr("Passport Stamps")
        case .prizes: tr("Prizes")
        case .classSchedule: tr("Class Schedule")
        case .rides: tr("Rides")
        case .books: tr("Books")
        case .loans: tr("Loans")
        case .community: tr("Community")
        case .ministry: tr("Ministry")
        case .leads: tr("Leads")
        }
    }

    /// Only modules whose pages really work.
    public var isAvailable: Bool {
        switch self {
        case .events, .bulletins, .messages, .giving, .approvals, .books, .loans, .prizes, .surveys, .community, .classSchedule, .stamps,
             .rides, .ministry, .leads: true
        default: false
        }
    }
}
