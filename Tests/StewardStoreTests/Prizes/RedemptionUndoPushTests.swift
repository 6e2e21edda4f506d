import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Undoing a redemption made in error on the store, on every backend: a reversing redemption
/// with a note, never a deletion; the stock and the member's limit count the claim back; an
/// undo needs its note and undoes one claim once.
@Suite("Prize redemption undo on the store")
struct RedemptionUndoPushTests {
    static func undo(_ id: Int64, of claim: String, prize: String, member: String, note: String) -> Mutation {
        RedemptionPushTests.upsert(id, "redemption", Fixtures.newRecordId(), [
            "prize": .string(prize), "member": .string(member), "at": .string(DateTimeText.utc(Date())),
            "by": .string("staff@riverton.example"), "note": .string(note), "reverses": .string(claim),
        ])
    }

    @Test("an undo gives the last item back to stock and to the member's limit; it needs a note and counts once",
          arguments: Backend.available)
    func undoCountsBack(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (prize, event) = try await RedemptionPushTests.setUp(store, stock: 1, limit: 1)
            let ann = try await store.newMember("ann"), ben = try await store.newMember("ben")
            let client = Fixtures.clientId("console")
            let claim = RedemptionPushTests.redemption(3, prize: prize, member: ann.id)
            let first = try await store.pushOK(PushRequest(clientId: client, mutations: [
                RedemptionPushTests.stamps(1, member: ann.id, event: event, count: 12),
                RedemptionPushTests.stamps(2, member: ben.id, event: event, count: 12),
                claim,
                RedemptionPushTests.redemption(4, prize: prize, member: ben.id),
            ]))
            #expect(first.results.map(\.status) == [.applied, .applied, .applied, .rejected], "\(first.results)")
            #expect(first.results[3].reason?.contains("is out of stock") == true, "\(first.results[3].reason ?? "")")

            let undone = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Self.undo(5, of: claim.recordId, prize: prize, member: ann.id, note: "  "),
                Self.undo(6, of: claim.recordId, prize: prize, member: ben.id, note: "Wrong member"),
                Self.undo(7, of: claim.recordId, prize: prize, member: ann.id, note: "Recorded for the wrong member"),
                Self.undo(8, of: claim.recordId, prize: prize, member: ann.id, note: "Twice"),
            ]))
            #expect(undone.results.map(\.status) == [.rejected, .rejected, .applied, .rejected], "\(undone.results)")
            #expect(undone.results[0].reason == "note: is required: say why the redemption is undone", "\(undone.results[0].reason ?? "")")
            #expect(undone.results[1].reason?.contains("for this member to undo") == true, "\(undone.results[1].reason ?? "")")
            #expect(undone.results[3].reason?.contains("was already undone on") == true, "\(undone.results[3].reason ?? "")")
            let undoId = try await store.pullAll().records.first {
                $0.entity == "redemption" && $0.fields["reverses"]?.stringValue == claim.recordId
            }?.id ?? ""
            let ofUndo = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Self.undo(9, of: undoId, prize: prize, member: ann.id, note: "Undo the undo"),
            ]))
            #expect(ofUndo.results[0].status == .rejected)
            #expect(ofUndo.results[0].reason?.contains("is itself an undo") == true, "\(ofUndo.results[0].reason ?? "")")

            // The item is back: Ben may have it, and then nobody else.
            let again = try await store.pushOK(PushRequest(clientId: client, mutations: [
                RedemptionPushTests.redemption(10, prize: prize, member: ben.id),
                RedemptionPushTests.redemption(11, prize: prize, member: ann.id),
            ]))
            #expect(again.results.map(\.status) == [.applied, .rejected], "\(again.results)")
            // Nothing was deleted: the claim, its undo and Ben's claim are all on record.
            let stored = try await store.pullAll().records.filter { $0.entity == "redemption" }
            #expect(stored.count == 3)
            #expect(stored.allSatisfy { !$0.deleted })
        }
    }

    @Test("the member's limit counts an undone claim back", arguments: Backend.available)
    func limitCountsBack(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (prize, event) = try await RedemptionPushTests.setUp(store, stock: nil, limit: 1)
            let ann = try await store.newMember("ann")
            let client = Fixtures.clientId("console")
            let claim = RedemptionPushTests.redemption(2, prize: prize, member: ann.id)
            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                RedemptionPushTests.stamps(1, member: ann.id, event: event, count: 12),
                claim,
                RedemptionPushTests.redemption(3, prize: prize, member: ann.id),
                Self.undo(4, of: claim.recordId, prize: prize, member: ann.id, note: "Size swapped; recorded again"),
                RedemptionPushTests.redemption(5, prize: prize, member: ann.id),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .rejected, .applied, .applied], "\(answer.results)")
            #expect(answer.results[2].reason?.contains("the limit is 1 per member") == true, "\(answer.results[2].reason ?? "")")
        }
    }
}
