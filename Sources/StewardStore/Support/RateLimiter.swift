import Foundation
import Synchronization

/// At most `limit` events per key within a sliding `window`, counted in this process: for
/// what app users may do often but not in floods (registrations per address, submissions per
/// member). Sign-in failures are counted in the database instead, across processes; these
/// limits only bound how fast one process does work, so a per-process count is enough.
public final class RateLimiter: Sendable {
    public let limit: Int
    public let window: Duration
    private let events = Mutex<[String: [Date]]>([:])
    /// Beyond this many keys, those with nothing left in their window are forgotten.
    private let capacity = 50_000

    public init(limit: Int, window: Duration) {
        precondition(limit >= 1)
        self.limit = limit
        self.window = window
    }

    /// Counts an event for `key` and answers nil, or answers the whole seconds to wait and
    /// counts nothing.
    public func admit(_ key: String, now: Date = Date()) -> Int? {
        let start = now.addingTimeInterval(-window.wholeSeconds)
        return events.withLock { events in
            var recent = (events[key] ?? []).filter { $0 > start }
            if recent.count >= limit, let oldest = recent.first {
                events[key] = recent
                return max(1, Int(oldest.timeIntervalSince(start).rounded(.up)))
            }
            recent.append(now)
            events[key] = recent
            if events.count > capacity {
                events = events.filter { $0.value.contains { $0 > start } }
            }
            return nil
        }
    }
}
