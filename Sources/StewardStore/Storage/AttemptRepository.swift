import Foundation
import StewardCore

/// Whether one more attempt fits its limit.
public enum AttemptAdmission: Sendable, Hashable {
    /// Counted.
    case admitted
    /// Not counted: the window is full for another `retryAfter` whole seconds.
    case refused(retryAfter: Int)
}

/// The abuse limits' counts (`AttemptLimit`), kept in the database so that every store process
/// on it counts together: one row per kind of limit and key (a member and an event, an address,
/// a member), holding the current window's start, end and count. Every method is one
/// transaction.
public protocol AttemptRepository: Sendable {
    /// Counts an attempt of `kind` for `key` at `now` in one atomic statement: a window opens
    /// with the first attempt and lasts `window`; within it at most `limit` attempts are
    /// admitted, the rest refused until it ends (and not counted). Concurrent callers, in this
    /// process or another, are counted one by one.
    func admitAttempt(kind: String, key: String, limit: Int, window: Duration, now: Date) async throws -> AttemptAdmission
    /// Forgets the windows that ended at or before `now`: they no longer limit anything.
    /// Answers how many went.
    func forgetEndedAttemptWindows(now: Date) async throws -> Int
    /// Whether the organization has a live (not deleted) record of `entity` with `id`: what a
    /// limit looks up before counting, so made-up ids are answered without leaving a row.
    func hasLiveRecord(org: String, entity: String, id: String) async throws -> Bool
}

extension AttemptAdmission {
    /// The decision from the window as the counting statement left it: a count past `limit` is
    /// an attempt refused (the count stops one past the limit).
    init(count: Int64, endsAt: Int64, limit: Int, now: Date) {
        if count <= Int64(limit) {
            self = .admitted
        } else {
            let remaining = Double(endsAt - Milliseconds.from(now)) / 1000
            self = .refused(retryAfter: max(1, Int(remaining.rounded(.up))))
        }
    }
}
