import Foundation
import StewardCore

/// Members' accounts and sessions, and the changes the store makes itself: the part of
/// `StoreRepository` that members and submissions need. Every method is one transaction.
/// Sessions, failed sign-ins and their cleanup are the staff tables' (`StaffRepository`), with
/// members filed under `MemberAccount.sessionKey` and `throttleKey`.
public protocol MemberRepository: Sendable {
    /// Stores the account and writes its `member` record (`profile`, already valid) in one
    /// transaction; throws `StoreFailure.emailTaken` when the organization has the email already.
    func registerMember(_ account: MemberAccount, profile: JSONValue, now: Date) async throws
    func memberAccount(org: String, email: String) async throws -> MemberAccount?
    /// The session and member behind a member's access token hash; nil when there is none.
    func memberAccess(forTokenHash hash: String) async throws -> MemberAccess?
    /// As `refreshSession` (the same exchange, retry window included), for a member's refresh
    /// token of `org`.
    func refreshMemberSession(org: String, refreshHash: String, replacement: SessionTokenHashes, now: Date,
                              retryWindow: TimeInterval) async throws -> MemberRefreshOutcome
    /// Runs `body` under the organization's lock, as a push does: it sees the stored `keys`,
    /// and every ledger entry of each member and event of `stamps` (`StampHoldings`), and writes
    /// through the writer, whose writes take the next numbers of the organization's sequence,
    /// with their history, in the same transaction. Nothing is written if it throws.
    func change<T: Sendable>(org: String, keys: Set<RecordKey>, stamps: Set<StampPair>, author: String, now: Date,
                             _ body: @escaping @Sendable (inout RecordWriter) throws -> T) async throws -> T
}

extension MemberRepository {
    /// A change that gives no stamps.
    func change<T: Sendable>(org: String, keys: Set<RecordKey>, author: String, now: Date,
                             _ body: @escaping @Sendable (inout RecordWriter) throws -> T) async throws -> T {
        try await change(org: org, keys: keys, stamps: [], author: author, now: now, body)
    }
}
