import Foundation

/// One sign-in attempt, as the throttles count it.
public struct SignInAttempt: Sendable, Hashable {
    public var org: String
    /// Normalized (`StaffCredentialRules.normalizedEmail`).
    public var email: String
    /// Where it came from (`ClientAddress`): an IPv4 address, an IPv6 /64, or "unknown".
    public var source: String
    public var at: Date

    public init(org: String, email: String, source: String, at: Date) {
        self.org = org
        self.email = email
        self.source = source
        self.at = at
    }
}

/// The limits an attempt is checked against.
public struct SignInLimits: Sendable, Hashable {
    public var account: SignInThrottle
    public var source: SignInThrottle

    public init(account: SignInThrottle = .standard, source: SignInThrottle = .perSource) {
        self.account = account
        self.source = source
    }

    /// Failures from before this no longer count for either limit.
    func forgetBefore(now: Date) -> Date {
        min(account.windowStart(now: now), source.windowStart(now: now))
    }
}

/// Whether an attempt may have its password checked.
public enum SignInAdmission: Sendable, Hashable {
    /// Counted as a failure already; a successful check clears it.
    case admitted
    case accountThrottled(retryAfter: Int)
    case sourceThrottled(retryAfter: Int)

    /// The decision from what the database counted, inside the transaction that counts.
    static func decide(limits: SignInLimits, now: Date, account: (count: Int, latest: Date?),
                       source: (count: Int, latest: Date?)) -> SignInAdmission {
        if let latest = account.latest, let wait = limits.account.retryAfter(count: account.count, latest: latest, now: now) {
            return .accountThrottled(retryAfter: wait)
        }
        if let latest = source.latest, let wait = limits.source.retryAfter(count: source.count, latest: latest, now: now) {
            return .sourceThrottled(retryAfter: wait)
        }
        return .admitted
    }
}
