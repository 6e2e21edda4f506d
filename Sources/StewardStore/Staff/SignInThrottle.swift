import Foundation

/// Slows down password guessing for one key (an account, or a source address): after
/// `freeAttempts` failures within `window`, sign-in waits `firstWait` after the latest failure,
/// twice as long for each further failure, at most `maxWait`. A successful sign-in clears the
/// account's failures. While the wait runs, the password is not even checked.
///
/// A delay, not a wall: once the wait is over the next attempt is checked, so the right
/// password always gets through in the end, however many guesses came before it.
public struct SignInThrottle: Sendable, Hashable {
    public var freeAttempts: Int
    public var window: Duration
    public var firstWait: Duration
    public var maxWait: Duration

    /// Per account (organization and email).
    public static let standard = SignInThrottle(freeAttempts: 5, window: .seconds(15 * 60),
                                                firstWait: .seconds(60), maxWait: .seconds(15 * 60))

    /// Per source address, whatever the emails: room for an office of staff behind one address
    /// mistyping now and then, not for spraying one password over many accounts.
    public static let perSource = SignInThrottle(freeAttempts: 20, window: .seconds(15 * 60),
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
        guard let latest = failures.max() else { return nil }
        return retryAfter(count: failures.count, latest: latest, now: now)
    }

    /// The same from the number of failures within the window and the latest one's time.
    public func retryAfter(count: Int, latest: Date, now: Date) -> Int? {
        guard count >= freeAttempts else { return nil }
        let doublings = min(count - freeAttempts, 30)
        let wait = min(firstWait.wholeSeconds * Double(1 << doublings), maxWait.wholeSeconds)
        let remaining = latest.addingTimeInterval(wait).timeIntervalSince(now)
        guard remaining > 0 else { return nil }
        return Int(min(remaining, wait).rounded(.up))
    }
}
