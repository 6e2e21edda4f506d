import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Who changed what: history rows written by pushes, `changedBy` in the feed, on every backend.
@Suite("Record history")
struct HistoryTests {
    func historyOK(_ store: TestStore, id: String, token: String? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> [HistoryEntry] {
        let response = try await store.history(id: id, token: token)
        #expect(response.status == .ok, "history answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(HistoryResponse.self).entries
    }

    @Test("each applied change is recorded with its author, time, operation and changed fields", arguments: Backend.available)
    func historyAfterPushes(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            let editor = store.staffTokens[.editor]!
            let first = Fixtures.timed("Choir practice", start: Date(timeIntervalSince1970: 1_900_000_000))
            var second = first
            if case .object(var members) = second {
                members["title"] = .string("Choir rehearsal")
                members["locationName"] = .string("Chapel")
                second = .object(members)
            }
            let before = Milliseconds.from(Date())
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("a"), mutations: [
                Fixtures.upsert(1, id, fields: first),
            ]), token: editor)
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("b"), mutations: [
                Fixtures.upsert(1, id, base: 1, fields: second),
            ]), token: store.admin)
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("c"), mutations: [
                Fixtures.delete(1, id, base: 2),
            ]), token: editor)
            let after = Milliseconds.from(Date())

            let entries = try await historyOK(store, id: id)
            #expect(entries.map(\.version) == [1, 2, 3])
            #expect(entries.map(\.author) == [store.staffEmail(.editor), "token:admin", store.staffEmail(.editor)])
            #expect(entries.map(\.operation) == [.upsert, .upsert, .delete])
            #expect(entries.allSatisfy { (before...after).contains($0.at) })
            // The store normalizes fields; compare with what it stored.
            let storedFirst = try EventDetails(syncFields: first).syncFields
            let storedSecond = try EventDetails(syncFields: second).syncFields
            #expect(entries[0].changes == HistoryEntry.changes(from: nil, to: storedFirst))
            #expect(entries[0].changes.contains { $0.field == "title" && $0.old == nil && $0.new == .string("Choir practice") })
            #expect(entries[1].changes.map(\.field) == ["locationName", "title"])
            #expect(entries[1].changes.last == FieldChange(field: "title", old: .string("Choir practice"), new: .string("Choir rehearsal")))
            #expect(entries[2].changes == HistoryEntry.changes(from: storedSecond, to: nil))
            #expect(entries[2].changes.allSatisfy { $0.new == nil && $0.old != nil })
        }
    }

    @Test("conflicts, rejections and replays record nothing", arguments: Backend.available)
    func onlyAppliedChanges(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            let client = Fixtures.clientId()
            let batch = PushRequest(clientId: client, mutations: [
                Fixtures.upsert(1, id),
                Fixtures.upsert(2, id, base: 0),  // conflict: the record exists now
                Fixtures.upsert(3, id, base: 1, fields: .object(["title": .string(""), "timing": .string("untimed")])),  // rejected
            ])
            let answer = try await store.pushOK(batch)
            #expect(answer.results.map(\.status) == [.applied, .conflict, .rejected])
            _ = try await store.pushOK(batch)
            let entries = try await historyOK(store, id: id)
            #expect(entries.map(\.version) == [1])
            #expect(entries.first?.author == "token:admin")
        }
    }

    @Test("a record changed twice in one batch has both changes, each against the one before", arguments: Backend.available)
    func twiceInOneBatch(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, id, fields: Fixtures.untimed("One")),
                Fixtures.upsert(2, id, base: 1, fields: Fixtures.untimed("Two")),
            ]), token: store.staffTokens[.approver]!)
            let entries = try await historyOK(store, id: id)
            #expect(entries.map(\.version) == [1, 2])
            #expect(entries[1].changes == [FieldChange(field: "title", old: .string("One"), new: .string("Two"))])
            #expect(Set(entries.map(\.author)) == [store.staffEmail(.approver)])
        }
    }

    @Test("a full batch writes a history row per change", arguments: Backend.available)
    func fullBatch(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let mutations = Fixtures.creations(PushBatch.maxMutations)
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
            #expect(answer.results.allSatisfy { $0.status == .applied })
            for mutation in [mutations.first!, mutations[500], mutations.last!] {
                let entries = try await historyOK(store, id: mutation.recordId)
                #expect(entries.count == 1)
                #expect(entries.first?.version == answer.results.first { $0.id == mutation.id }?.version)
            }
        }
    }

    @Test("the feed and conflict answers say who made each version; the dump does not", arguments: Backend.available)
    func changedByInFeed(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let staffMade = Fixtures.newRecordId()
            let tokenMade = Fixtures.newRecordId()
            let before = Milliseconds.from(Date())
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, staffMade, fields: Fixtures.untimed("Bake sale")),
            ]), token: store.staffTokens[.editor]!)
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, tokenMade, fields: Fixtures.untimed("Car wash")),
            ]), token: store.staff)
            let after = Milliseconds.from(Date())
            let pulled = try await store.pullAll().records
            #expect(pulled.map(\.id) == [staffMade, tokenMade])
            #expect(pulled.map(\.changedBy) == [store.staffEmail(.editor), "token:staff"])
            #expect(pulled.allSatisfy { $0.changedAt.map { (before...after).contains($0) } == true })

            let conflict = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, staffMade, base: 0, fields: Fixtures.untimed("Other")),
            ]))
            #expect(conflict.results.first?.record?.changedBy == store.staffEmail(.editor))
            #expect(conflict.results.first?.record?.changedAt == pulled.first?.changedAt)

            // The canonical dump is the same bytes as before history existed.
            let dump = try await store.dump()
            #expect(!dump.contains("changed"))
            let expected = RemoteRecord.canonicalDump(pulled.map {
                RemoteRecord(entity: $0.entity, id: $0.id, version: $0.version, deleted: $0.deleted, fields: $0.fields)
            })
            #expect(dump == expected)
        }
    }

    @Test("a viewer cannot push, but pulls and reads history", arguments: Backend.available)
    func viewer(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Fixtures.upsert(1, id)]))
            let viewer = store.staffTokens[.viewer]!
            let push = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, id, base: 1, fields: Fixtures.untimed("Changed by a viewer")),
            ]), token: viewer)
            #expect(push.status == .forbidden)
            #expect(push.errorBody == ErrorResponse(error: "forbidden", message: "the viewer role cannot change records"))
            let changes = try await store.changes(token: viewer)
            #expect(changes.status == .ok)
            #expect(try changes.decode(PullResponse.self).changes.map(\.id) == [id])
            #expect(try await historyOK(store, id: id, token: viewer).map(\.version) == [1])
            #expect(try await store.repository.allRecords(org: store.org).map(\.version) == [1])
        }
    }

    @Test("history of a record the store never had is 404; bad paths are 400", arguments: Backend.available)
    func unknownRecord(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let missing = try await store.history(id: Fixtures.newRecordId())
            #expect(missing.status == .notFound)
            #expect(missing.errorBody?.error == ErrorResponse.Code.notFound)
            let badId = try await store.history(id: "not-a-uuid")
            #expect(badId.status == .badRequest)
            #expect(badId.errorBody?.message.hasPrefix("id:") == true)
            let badEntity = try await store.history(entity: "sermon", id: Fixtures.newRecordId())
            #expect(badEntity.status == .badRequest)
            #expect(badEntity.errorBody?.message.hasPrefix("entity:") == true)
            // Another organization's record is not found here either.
            let id = Fixtures.newRecordId()
            _ = try await store.request(.post, "/v1/orgs/\(store.foreignOrg)/push", token: store.foreignTokens[.admin]!,
                                        body: try JSONEncoder().encode(PushRequest(clientId: Fixtures.clientId(),
                                                                                   mutations: [Fixtures.upsert(1, id)])))
            #expect(try await store.history(id: id).status == .notFound)
            // Upper-case ids name the same record.
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Fixtures.upsert(1, id)]))
            #expect(try await historyOK(store, id: id.uppercased()).count == 1)
        }
    }
}
