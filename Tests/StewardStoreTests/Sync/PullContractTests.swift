import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The change feed of docs/sync.md, on every backend.
@Suite("Pull contract")
struct PullContractTests {
    @Test("pages come in version order, each record once at its latest version, tombstones included", arguments: Backend.available)
    func pagesInOrder(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let ids = (0..<6).map { _ in Fixtures.newRecordId() }
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: ids.enumerated().map { index, id in
                Fixtures.upsert(Int64(index + 1), id, fields: Fixtures.untimed("Event \(index)"))
            }))
            // versions 1...6; now delete #1 (v7), edit #3 (v8), delete #5 (v9)
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.delete(7, ids[1], base: 2),
                Fixtures.upsert(8, ids[3], base: 4, fields: Fixtures.untimed("Event 3, edited")),
                Fixtures.delete(9, ids[5], base: 6),
            ]))

            var cursor = ""
            var pages: [PullResponse] = []
            repeat {
                let page = try await store.changesOK(cursor: cursor, limit: 2)
                pages.append(page)
                cursor = page.cursor
            } while pages.last!.hasMore && pages.count < 10
            #expect(pages.map(\.changes.count) == [2, 2, 2])
            #expect(pages.map(\.hasMore) == [true, true, false])
            let all = pages.flatMap(\.changes)
            #expect(all.map(\.version) == [1, 3, 5, 7, 8, 9])
            #expect(all.map(\.id) == [ids[0], ids[2], ids[4], ids[1], ids[3], ids[5]])
            #expect(all.map(\.deleted) == [false, false, false, true, false, true])
            #expect(all.filter(\.deleted).allSatisfy { $0.fields == .object([:]) })
            #expect(all[4].fields["title"] == .string("Event 3, edited"))

            // The cursor is the text form of the last version seen, and round-trips.
            #expect(SyncCursor(text: cursor) == SyncCursor(sequence: 9))
            let end = try await store.changesOK(cursor: cursor)
            #expect(end.changes.isEmpty)
            #expect(end.cursor == cursor)
            #expect(end.hasMore == false)

            // Pulling again from a middle cursor gives exactly the rest.
            let rest = try await store.changesOK(cursor: pages[0].cursor, limit: 100)
            #expect(rest.changes == Array(all.dropFirst(2)))
            #expect(rest.hasMore == false)
        }
    }

    @Test("the empty cursor and a missing cursor both start from the beginning", arguments: Backend.available)
    func emptyCursor(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(3)))
            let missing = try await store.changesOK()
            let empty = try await store.changesOK(cursor: "")
            #expect(missing == empty)
            #expect(missing.changes.count == 3)
            #expect(missing.cursor == "s2.3.0")
            let exact = try await store.changesOK(limit: 3)
            #expect(exact.hasMore == false)
        }
    }

    @Test("a cursor older than the purge answers 410 resync-required; a full pull recovers", arguments: Backend.available)
    func resyncAfterPurge(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let ids = (0..<4).map { _ in Fixtures.newRecordId() }
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: ids.enumerated().map { Fixtures.upsert(Int64($0 + 1), $1) }))
            let early = try await store.changesOK(limit: 1).cursor  // s2.1.0
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.delete(5, ids[0], base: 1), Fixtures.delete(6, ids[1], base: 2),
            ]))
            let beforePurge = try await store.pullAll().cursor  // s2.6.0

            // A tombstone younger than the cutoff stays.
            let none = try await store.repository.purgeTombstones(org: store.org, olderThan: Date().addingTimeInterval(-3600))
            #expect(none.purgedCount == 0)
            #expect(try await store.changes(cursor: early).status == .ok)

            let outcome = try await store.repository.purgeTombstones(org: store.org, olderThan: Date())
            #expect(outcome.purgedCount == 2)
            #expect(outcome.purgedThroughSeq == 6)

            let stale = try await store.changes(cursor: early)
            #expect(stale.status == .gone)
            #expect(stale.errorBody?.error == "resync-required")

            // Up to date clients go on; a resync from the start sees only live records.
            let current = try await store.changesOK(cursor: beforePurge)
            #expect(current.changes.isEmpty)
            let resync = try await store.pullAll()
            #expect(Set(resync.records.map(\.id)) == Set(ids[2...]))
            #expect(resync.records.allSatisfy { !$0.deleted })
        }
    }

    @Test("a resync after a purge pages to the end with small pages; cursors from before the purge still answer 410",
          arguments: Backend.available)
    func pagedResyncAfterPurge(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let ids = (0..<8).map { _ in Fixtures.newRecordId() }
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: ids.enumerated().map { Fixtures.upsert(Int64($0 + 1), $1) }))
            let early = try await store.changesOK(limit: 2).cursor  // s2.2.0
            // The live records all sit below the purge mark once the two newest are purged.
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.delete(9, ids[6], base: 7), Fixtures.delete(10, ids[7], base: 8),
            ]))
            let outcome = try await store.repository.purgeTombstones(org: store.org, olderThan: Date())
            #expect(outcome.purgedThroughSeq == 10)

            // Every page's cursor is below the purge mark, yet the resync goes on to the end.
            var cursor = ""
            var records: [RemoteRecord] = []
            var pages = 0
            while pages < 20 {
                let response = try await store.changes(cursor: cursor, limit: 2)
                try #require(response.status == .ok, "page \(pages + 1) after cursor '\(cursor)': \(response.status)")
                let page = try response.decode(PullResponse.self)
                pages += 1
                records += page.changes
                cursor = page.cursor
                if !page.hasMore { break }
            }
            #expect(pages == 3)
            #expect(records.map(\.id) == Array(ids[0..<6]))
            #expect(records.allSatisfy { !$0.deleted })
            #expect(SyncCursor(text: cursor) == SyncCursor(sequence: 6, purgeMark: 10))
            // The resync's last cursor goes on with later changes.
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [Fixtures.upsert(11, ids[0], base: 1)]))
            let next = try await store.changesOK(cursor: cursor)
            #expect(next.changes.map(\.version) == [11])

            // Cursors handed out before the purge, in either text form, must resync.
            for old in [early, "s1.2", "s2.2.0", "s2.9.5"] {
                let stale = try await store.changes(cursor: old)
                #expect(stale.status == .gone, "\(old)")
                #expect(stale.errorBody?.error == "resync-required", "\(old)")
            }
            // ... unless nothing they had not seen was purged.
            #expect(try await store.changes(cursor: "s1.10").status == .ok)

            // A later purge makes the resync's cursors stale in turn.
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [Fixtures.delete(12, ids[1], base: 2)]))
            #expect(try await store.repository.purgeTombstones(org: store.org, olderThan: Date()).purgedThroughSeq == 12)
            #expect(try await store.changes(cursor: cursor).status == .gone)
        }
    }

    @Test("a cursor from the future (another store, a restored backup) answers 410 too", arguments: Backend.available)
    func futureCursor(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(2)))
            #expect(try await store.changes(cursor: "s1.2").status == .ok)
            let response = try await store.changes(cursor: "s1.3")
            #expect(response.status == .gone)
            #expect(response.errorBody?.error == "resync-required")
        }
    }

    @Test("the reader role pulls; a push from the reader role is forbidden", arguments: Backend.available)
    func readerPulls(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            #expect(try await store.changes(token: store.reader).status == .ok)
            let push = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1)), token: store.reader)
            #expect(push.status == .forbidden)
        }
    }
}
