import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// A book is on one open loan at a time on the store too: two consoles that lent the same copy
/// while offline end with one loan stored and the second push rejected, on every backend.
@Suite("One open loan per book")
struct OneOpenLoanTests {
    static func upsert(_ id: Int64, _ entity: String, _ recordId: String, base: Int64 = 0, _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: id, entity: entity, recordId: recordId, operation: .upsert, baseVersion: base, fields: .object(fields))
    }

    static func loan(_ id: Int64, _ recordId: String, book: String, borrower: String, state: String = "out",
                     renewals: Int64 = 0, base: Int64 = 0) -> Mutation {
        var fields: [String: JSONValue] = ["book": .string(book), "borrower": .string(borrower), "lentOn": .string("2026-11-20"),
                                           "dueOn": .string("2026-12-11"), "state": .string(state), "renewals": .int(renewals)]
        if state == "returned" { fields["returnedOn"] = .string("2026-11-25") }
        return upsert(id, "loan", recordId, base: base, fields)
    }

    @Test("a second open loan of a book is rejected, from another console or in the same batch; a returned one frees it",
          arguments: Backend.available)
    func secondOpenLoanRejected(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let book = Fixtures.newRecordId(), ann = Fixtures.newRecordId(), ben = Fixtures.newRecordId()
            let first = Fixtures.clientId("first"), second = Fixtures.clientId("second")
            _ = try await store.pushOK(PushRequest(clientId: first, mutations: [
                Self.upsert(1, "book", book, ["title": .string("Gilead")]),
                Self.upsert(2, "borrower", ann, ["name": .string("Ann Lee")]),
                Self.upsert(3, "borrower", ben, ["name": .string("Ben Okafor")]),
            ]))
            // Both consoles lent the copy offline; the first to push keeps its loan.
            let annLoan = Fixtures.newRecordId(), benLoan = Fixtures.newRecordId()
            let kept = try await store.pushOK(PushRequest(clientId: first, mutations: [
                Self.loan(4, annLoan, book: book, borrower: ann),
            ]))
            #expect(kept.results.map(\.status) == [.applied])
            let refused = try await store.pushOK(PushRequest(clientId: second, mutations: [
                Self.loan(1, benLoan, book: book, borrower: ben),
                // Two in one batch: the second is refused as well.
                Self.loan(2, Fixtures.newRecordId(), book: book, borrower: ben, state: "lost"),
            ]))
            #expect(refused.results.map(\.status) == [.rejected, .rejected])
            #expect(refused.results[0].reason?.hasPrefix("book: \(book) is already on the open loan \(annLoan)") == true,
                    "\(refused.results[0].reason ?? "")")
            let open = try await store.pullAll().records.filter { $0.entity == "loan" && !$0.deleted }
            #expect(open.map(\.id) == [annLoan], "never two open loans on the store")

            // Renewing the loan that holds the book is not a rival of itself.
            let version = try #require(kept.results.first?.version)
            let renewed = Self.loan(5, annLoan, book: book, borrower: ann, renewals: 1, base: version)
            #expect(try await store.pushOK(PushRequest(clientId: first, mutations: [renewed])).results.map(\.status) == [.applied])

            // Once returned, the book may go out again.
            let returnedAt = try await store.pushOK(PushRequest(clientId: first, mutations: [
                Self.loan(6, annLoan, book: book, borrower: ann, state: "returned", base: version + 1),
            ]))
            #expect(returnedAt.results.map(\.status) == [.applied])
            let again = try await store.pushOK(PushRequest(clientId: second, mutations: [
                Self.loan(3, benLoan, book: book, borrower: ben),
            ]))
            #expect(again.results.map(\.status) == [.applied])
        }
    }
}
