import Foundation
import StewardCore

/// A member's check-in on the store, from the ledger's index to the written entry: what the
/// check-in endpoint runs (and the passport benchmark times). The check-in runs under the
/// organization's lock with the member's entries at the event read through `stamp_entries`
/// (`MemberCheckIns`), and the member's new total comes from `stamp_totals`, kept in the same
/// transaction.
public enum StoreCheckIns {
    static func checkIn(_ attempt: MemberCheckIns.Attempt, memberId: String, email: String, org: String,
                        repository: any StoreRepository, now: Date) async throws -> (MemberCheckIns.Outcome, total: Int) {
        let outcome = try await repository.change(org: org, keys: MemberCheckIns.keys(memberId: memberId, event: attempt.event),
                                                  stamps: MemberCheckIns.stamps(memberId: memberId, event: attempt.event,
                                                                                occurrence: attempt.occurrence),
                                                  author: "member:\(email)", now: now) { writer in
            try MemberCheckIns.checkIn(attempt, memberId: memberId, writer: &writer)
        }
        let total = try await repository.stampTotal(org: org, member: memberId)?.stamps ?? outcome.stamps
        return (outcome, total)
    }

    /// A check-in with the code typed (or scanned) at the event: for the benchmark, which has
    /// no HTTP in between. Answers the entry's id and the member's new total.
    public static func checkIn(event: String, code: String?, memberId: String, email: String, org: String,
                               repository: any StoreRepository, now: Date = Date()) async throws -> (entry: String, total: Int) {
        var body: [String: JSONValue] = ["event": .string(event)]
        if let code { body["code"] = .string(code) }
        let attempt = try MemberCheckIns.Attempt(.object(body))
        let (outcome, total) = try await checkIn(attempt, memberId: memberId, email: email, org: org, repository: repository,
                                                 now: now)
        return (outcome.entry.id, total)
    }
}
