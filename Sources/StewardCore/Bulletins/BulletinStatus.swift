import Foundation
import Translation

/// Where a bulletin stands, in the words the office uses.
public enum BulletinStatus: String, Sendable, CaseIterable {
    /// No publish time: only staff see it.
    case draft = "Draft"
    /// Published from a time still to come.
    case scheduled = "Scheduled"
    /// Members see it now.
    case live = "Live"
    /// Its expiry has passed.
    case expired = "Expired"

    /// The word people read, in their language.
    public var text: String {
        switch self {
        case .draft: trc("record status", "Draft")
        case .scheduled: trc("record status", "Scheduled")
        case .live: trc("record status", "Live")
        case .expired: trc("record status", "Expired")
        }
    }

    var recordStatus: RecordStatus { RecordStatus(key: rawValue, text: text) }

    public init(fields: JSONValue, now: Date) {
        switch PublishPhase(fields, now: now) {
        case .draft: self = .draft
        case .scheduled: self = .scheduled
        case .live: self = .live
        case .expired: self = .expired
        }
    }
}
