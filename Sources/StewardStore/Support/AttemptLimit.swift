import Foundation

/// At most `limit` attempts per key within `window`, counted in the database
/// (`AttemptRepository`): for what app users may do often but not in floods (check-in codes
/// per member and event, registrations per address, submissions and answers per member).
/// Every store process on one database counts in the same rows, so N processes enforce the
/// same limit as one.
///
/// A window opens with a key's first attempt; once `limit` attempts are in it, further ones
/// are refused, uncounted, until it ends (`Retry-After`: the seconds left), and the next
/// attempt opens a new one.
struct AttemptLimit: Sendable {
    /// What is limited: with the key, the row that counts it. The names are stored; keep them.
    enum Kind: String, Sendable, CaseIterable {
        /// Code guesses of one member at one event.
        case checkIn = "check-in"
        /// Registrations from one address in one organization.
        case registration
        /// Event submissions and edits of one member.
        case submission
        /// "Get involved" answers of one member.
        case lead
    }

    let kind: Kind
    let limit: Int
    let window: Duration
    let repository: any AttemptRepository

    init(_ kind: Kind, limit: Int, window: Duration, repository: any AttemptRepository) {
        precondition(limit >= 1)
        self.kind = kind
        self.limit = limit
        self.window = window
        self.repository = repository
    }

    /// Counts an attempt for `key` and answers nil, or answers the whole seconds to wait and
    /// counts nothing.
    func admit(_ key: String, now: Date = Date()) async throws -> Int? {
        switch try await repository.admitAttempt(kind: kind.rawValue, key: key, limit: limit, window: window, now: now) {
        case .admitted: nil
        case .refused(let retryAfter): retryAfter
        }
    }
}
