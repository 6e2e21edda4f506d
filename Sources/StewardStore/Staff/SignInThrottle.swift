import Foundation

/// Slows down password guessing for one email of one organization: after `freeAttempts`
/// failures within `window`, sign-in waits `firstWait` after the latest failure, twice as long
/// for each further failure, at most `maxWait`. A successful sign-in clears the failures.
/// While the wait runs, the password is not even checked.
public struct SignInThrottle: Sendable, Hashable {
    public var freeAttempts: Int
    public var window: Duration
    public var firstWait: Duration
    public var maxWait: Duration

    public static let standard = SignInThrottle(freeAttempts: 5, window: .seconds(15 * 60),
                                                firstWait: .seconds(60), maxWait: .seconds(15 * 60))

    public init(freeAttempts: Int, window: Duration, firstWait: Duration, maxWait: Duration) {
        self.freeAttempts = freeAttempts
        self.window = window
        self.firstWait = firstWait
        self.maxWait = maxWait
    }

    /// Failures older than this do not count.
    public func windowStart(now: Date) -> Date {
        now.addingTimeInterval(-window.wholeSeconds)
    }

    /// Whole seconds to wait before the next attempt, or nil when it may go ahead now.
    /// `failures` are the times of the failures within the window, in any order.
    public func retryAfter(failures: [Date], now: Date) -> Int? {
        guard failures.count >= freeAttempts, let latest = failures.max() else { return nil }
        let doublings = min(failures.count - freeAttempts, 30)
        let wait = min(firstWait.wholeSeconds * Double(1 << doublings), maxWait.wholeSeconds)
        let remaining = latest.addingTimeInterval(wait).timeIntervalSince(now)
        guard remaining > 0 else { return nil }
        return Int(remaining.rounded(.up))
    }
}
