import Foundation

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

    public init(fields: JSONValue, now: Date) {
        guard let publish = RecordType.instant(fields["publishAt"]) else {
            self = .draft
            return
        }
        let at = Milliseconds.from(now)
        if publish > at {
            self = .scheduled
        } else if let expire = RecordType.instant(fields["expireAt"]), expire <= at {
            self = .expired
        } else {
            self = .live
        }
    }
}
