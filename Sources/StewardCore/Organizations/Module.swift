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

    public var title: String {
        switch self {
        case .events: "Events"
        case .bulletins: "Bulletins"
        case .messages: "Messages"
        case .giving: "Giving"
        case .approvals: "Approvals"
        case .surveys: "Survey Questions"
        case .stamps: "Passport Stamps"
        case .prizes: "Prizes"
        case .classSchedule: "Class Schedule"
        case .rides: "Rides"
        case .books: "Books"
        case .loans: "Loans"
        }
    }

    /// Only modules whose pages really work.
    public var isAvailable: Bool {
        switch self {
        case .events, .bulletins, .messages, .giving: true
        default: false
        }
    }
}
