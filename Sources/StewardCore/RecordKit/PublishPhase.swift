import Foundation

/// Where a record with a publish time, and maybe an expiry, stands at a moment: what bulletins
/// and messages call their status, and what decides whether members see them.
enum PublishPhase {
    /// No publish time: staff only.
    case draft
    /// Published from a time still to come.
    case scheduled
    case live
    /// Its expiry has passed.
    case expired

    init(_ fields: JSONValue, now: Date) {
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
