import Foundation
import Synchronization

/// What this process learned from the database about waits: an account or a source the
/// database said must wait until some time is answered 429 without asking it again until then.
/// A flood at one account then costs one transaction, not one per guess.
///
/// Only ever shortens the way to a refusal the database gave: it never admits anything, so the
/// database stays the one place where attempts are counted, across processes.
final class ThrottleMemo: Sendable {
    private let waits = Mutex<[String: Date]>([:])
    /// Beyond this many remembered keys the oldest waits are dropped (they are asked about
    /// again): a flood over many keys must not grow memory without bound.
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    static func accountKey(_ attempt: SignInAttempt) -> String { "a:\(attempt.org)/\(attempt.email)" }
    static func sourceKey(_ attempt: SignInAttempt) -> String { "s:\(attempt.source)" }

    /// A known wait for the attempt's account or source, in whole seconds.
    func admission(for attempt: SignInAttempt) -> SignInAdmission? {
        waits.withLock { waits in
            if let until = waits[Self.accountKey(attempt)], let seconds = Self.seconds(until, attempt.at) {
                return .accountThrottled(retryAfter: seconds)
            }
            if let until = waits[Self.sourceKey(attempt)], let seconds = Self.seconds(until, attempt.at) {
                return .sourceThrottled(retryAfter: seconds)
            }
            return nil
        }
    }

    /// Remembers a refusal the database gave.
    func remember(_ admission: SignInAdmission, for attempt: SignInAttempt) {
        let entry: (String, Int)
        switch admission {
        case .admitted: return
        case .accountThrottled(let seconds): entry = (Self.accountKey(attempt), seconds)
        case .sourceThrottled(let seconds): entry = (Self.sourceKey(attempt), seconds)
        }
        waits.withLock { waits in
            if waits.count >= capacity {
                waits = waits.filter { $0.value > attempt.at }
                if waits.count >= capacity, let oldest = waits.min(by: { $0.value < $1.value })?.key {
                    waits[oldest] = nil
                }
            }
            waits[entry.0] = attempt.at.addingTimeInterval(TimeInterval(entry.1))
        }
    }

    /// Forgets the account's wait (a success elsewhere in this process cleared its failures).
    func forgetAccount(of attempt: SignInAttempt) {
        _ = waits.withLock { $0.removeValue(forKey: Self.accountKey(attempt)) }
    }

    private static func seconds(_ until: Date, _ now: Date) -> Int? {
        let remaining = until.timeIntervalSince(now)
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }
}
