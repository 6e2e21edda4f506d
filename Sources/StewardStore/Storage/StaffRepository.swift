import Foundation
import StewardCore

/// Staff accounts, their sessions and failed sign-ins: the part of `StoreRepository` that
/// signing in needs. Every method is one transaction.
public protocol StaffRepository: Sendable {
    /// Throws `StoreFailure.unknownOrg` or `.staffExists`.
    func addStaff(_ member: StaffMember) async throws
    /// The organization's staff, by email.
    func staff(org: String) async throws -> [StaffMember]
    func staffMember(org: String, email: String) async throws -> StaffMember?
    /// Every staff account with this (normalized) email, one per organization, by organization.
    func staffAccounts(email: String) async throws -> [StaffMember]
    /// Removes the member and ends every session of theirs; false when there was no such member.
    func removeStaff(org: String, email: String, now: Date) async throws -> Bool

    /// The throttles' check and count in one transaction, serialized with every other
    /// admission of the same account and of the same source, across processes: refuses the
    /// attempt when the account's or the source's recent failures call for a wait; otherwise
    /// records it as a failure before its password is checked (a success clears it). So a
    /// burst of parallel guesses is counted one by one, and at most the free attempts get checked.
    /// Failures too old to count are left to `forgetExpiredSessions`: deleting them here, in
    /// every admission, made parallel admissions wait on each other's row locks.
    func admitSignIn(_ attempt: SignInAttempt, limits: SignInLimits) async throws -> SignInAdmission
    /// Forgets the account's failures (after a successful sign-in).
    func clearSignInFailures(org: String, email: String) async throws

    /// Starts a session for a staff member with its first pair of tokens.
    func createSession(id: String, org: String, email: String, tokens: SessionTokenHashes, now: Date) async throws
    /// The session and staff member behind an access token's hash; nil when there is none (or
    /// the member was removed).
    func staffAccess(forTokenHash hash: String) async throws -> StaffAccess?
    /// Records the first use of an access token (later calls change nothing): from then on, the
    /// answer that carried it has certainly arrived, and its refresh may no longer be repeated.
    func markAccessTokenUsed(hash: String, now: Date) async throws
    /// Exchanges a refresh token of `org` for `replacement`: uses it up. A token used before is
    /// a theft, and ends its session, except for a repeat of the latest exchange within
    /// `retryWindow` seconds of it while the pair it gave is still untouched (neither token used:
    /// its answer was lost on the way): that pair is withdrawn and `replacement` given instead.
    func refreshSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                        retryWindow: TimeInterval) async throws -> RefreshOutcome
    /// Ends a session: its access and refresh tokens stop working at once.
    func revokeSession(id: String, now: Date) async throws
    /// Forgets the sessions that can never be used again (signed out, or with no live refresh
    /// token at `now`) with their tokens, and failed sign-ins from before `failuresBefore`;
    /// answers how many sessions went.
    func forgetExpiredSessions(now: Date, failuresBefore: Date) async throws -> Int
}
