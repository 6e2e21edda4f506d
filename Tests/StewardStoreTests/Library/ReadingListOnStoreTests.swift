import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// A book is on a borrower's list once on the store too: two consoles that put it there while
/// offline end with one entry stored and the second push rejected, naming the list.
@Suite("A book once per reading list")
struct ReadingListOnStoreTests {
    static func entry(_ id: Int64, _ recordId: String, borrower: String, book: String, list: String) -> Mutation {
        OneOpenLoanTests.upsert(id, "readingListEntry", recordId, ["borrower": .string(borrower), "book": .string(book),
                                                                   "list": .string(list), "addedOn": .string("2026-11-20")])
    }

    @Test("the same book on the same list of a borrower is rejected, from another console or in the same batch",
          arguments: Backend.available)
    func duplicateRejected(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let book = Fixtures.newRecordId(), ann = Fixtures.newRecordId()
            let first = Fixtures.clientId("first"), second = Fixtures.clientId("second")
            _ = try await store.pushOK(PushRequest(clientId: first, mutations: [
                OneOpenLoanTests.upsert(1, "book", book, ["title": .string("Gilead")]),
                OneOpenLoanTests.upsert(2, "borrower", ann, ["name": .string("Ann Lee")]),
            ]))
            let kept = Fixtures.newRecordId()
            let applied = try await store.pushOK(PushRequest(clientId: first, mutations: [
                Self.entry(3, kept, borrower: ann, book: book, list: "to-read"),
            ]))
            #expect(applied.results.map(\.status) == [.applied])
            let refused = try await store.pushOK(PushRequest(clientId: second, mutations: [
                Self.entry(1, Fixtures.newRecordId(), borrower: ann, book: book, list: "to-read"),
                // Another list takes it; a second one on that list in the same batch does not.
                Self.entry(2, Fixtures.newRecordId(), borrower: ann, book: book, list: "wish"),
                Self.entry(3, Fixtures.newRecordId(), borrower: ann, book: book, list: "wish"),
            ]))
            #expect(refused.results.map(\.status) == [.rejected, .applied, .rejected])
            #expect(refused.results[0].reason?.hasPrefix("book: is already on Ann Lee's list “To read”") == true,
                    "\(refused.results[0].reason ?? "")")
            let stored = try await store.pullAll().records.filter { $0.entity == "readingListEntry" && !$0.deleted }
            #expect(stored.count == 2)
        }
    }
}
