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
    /// Removes the member and ends every session of theirs; false when there was no such member.
    func removeStaff(org: String, email: String, now: Date) async throws -> Bool

    /// When sign-in failed for this email since `since`.
    func signInFailures(org: String, email: String, since: Date) async throws -> [Date]
    /// Notes a failure, and forgets every failure (of any email) from before `forgetBefore`.
    func recordSignInFailure(org: String, email: String, at: Date, forgetBefore: Date) async throws
    func clearSignInFailures(org: String, email: String) async throws

    /// Starts a session for a staff member with its first pair of tokens.
    func createSession(id: String, org: String, email: String, tokens: SessionTokenHashes, now: Date) async throws
    /// The session and staff member behind an access token's hash; nil when there is none (or
    /// the member was removed).
    func staffAccess(forTokenHash hash: String) async throws -> StaffAccess?
    /// Exchanges a refresh token of `org` for `replacement`: uses it up, or, if it was used
    /// before, ends its session.
    func refreshSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date) async throws -> RefreshOutcome
    /// Ends a session: its access and refresh tokens stop working at once.
    func revokeSession(id: String, now: Date) async throws
    /// Forgets the sessions that can never be used again (signed out, or with no live refresh
    /// token at `now`) with their tokens, and failed sign-ins from before `failuresBefore`;
    /// answers how many sessions went.
    func forgetExpiredSessions(now: Date, failuresBefore: Date) async throws -> Int
}
