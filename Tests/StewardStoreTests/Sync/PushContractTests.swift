import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Push semantics of docs/sync.md, on every backend.
@Suite("Push contract")
struct PushContractTests {
    @Test("a new record is applied with the organization's next version", arguments: Backend.available)
    func applied(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let recordId = Fixtures.newRecordId()
            let fields = Fixtures.untimed("Mural walk")
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, recordId, fields: fields),
            ]))
            #expect(answer.lastMutationId == 1)
            #expect(answer.results == [MutationResult(id: 1, status: .applied, version: 1)])
            let pulled = try await store.pullAll()
            // Pushed with the admin API token, which the store records as the author.
            let changedAt = try #require(pulled.records.first?.changedAt)
            #expect(pulled.records == [RemoteRecord(entity: "event", id: recordId, version: 1, deleted: false, fields: fields,
                                                    changedBy: "token:admin", changedAt: changedAt)])
        }
    }

    @Test("a replayed batch is answered duplicate with the first results, and changes nothing", arguments: Backend.available)
    func replayIsDuplicate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let keep = Fixtures.newRecordId()
            let invalid = Fixtures.upsert(3, Fixtures.newRecordId(), fields: .object(["title": .string(""), "timing": .string("untimed")]))
            let batch = PushRequest(clientId: client, mutations: [
                Fixtures.upsert(1, keep), Fixtures.upsert(2, Fixtures.newRecordId()), invalid,
                Fixtures.upsert(4, keep, base: 0),
            ])
            let first = try await store.pushOK(batch)
            #expect(first.results.map(\.status) == [.applied, .applied, .rejected, .conflict])
            let dumpBefore = try await store.dump()

            let replay = try await store.pushOK(batch)
            #expect(replay.lastMutationId == 4)
            #expect(replay.results.map(\.status) == [.duplicate, .duplicate, .duplicate, .duplicate])
            #expect(replay.results.map(\.originalStatus) == [.applied, .applied, .rejected, .conflict])
            #expect(replay.results.map(\.version) == first.results.map(\.version))
            #expect(replay.results[2].reason == first.results[2].reason)
            #expect(try await store.dump() == dumpBefore)
            #expect(try await store.repository.org(slug: store.org)?.lastSeq == 2)

            // A batch overlapping the last one: the old ids are duplicates, the new one applies.
            let next = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.upsert(4, keep, base: 0), Fixtures.upsert(5, Fixtures.newRecordId()),
            ]))
            #expect(next.results.map(\.status) == [.duplicate, .applied])
            #expect(next.results[1].version == 3)
            #expect(next.lastMutationId == 5)
        }
    }

    @Test("a stale base version is a conflict carrying the store's row; nothing is stored", arguments: Backend.available)
    func conflictOnStaleBase(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let recordId = Fixtures.newRecordId()
            let console = Fixtures.clientId("a")
            let other = Fixtures.clientId("b")
            _ = try await store.pushOK(PushRequest(clientId: console, mutations: [Fixtures.upsert(1, recordId, fields: Fixtures.untimed("First"))]))
            let edited = try await store.pushOK(PushRequest(clientId: other, mutations: [
                Fixtures.upsert(1, recordId, base: 1, fields: Fixtures.untimed("Second")),
            ]))
            #expect(edited.results.first?.status == .applied)
            #expect(edited.results.first?.version == 2)
            let dumpBefore = try await store.dump()

            // The first console still thinks the record is at version 1.
            let stale = try await store.pushOK(PushRequest(clientId: console, mutations: [
                Fixtures.upsert(2, recordId, base: 1, fields: Fixtures.untimed("Third")),
                Fixtures.delete(3, recordId, base: 1),
            ]))
            #expect(stale.lastMutationId == 3)
            #expect(stale.results.map(\.status) == [.conflict, .conflict])
            let record = try #require(stale.results.first?.record)
            #expect(record.version == 2)
            #expect(record.fields["title"] == .string("Second"))
            #expect(try await store.dump() == dumpBefore)

            // Base 0 for a record the store already has is a conflict too.
            let again = try await store.pushOK(PushRequest(clientId: console, mutations: [Fixtures.upsert(4, recordId, base: 0)]))
            #expect(again.results.first?.status == .conflict)
        }
    }

    @Test("a replayed conflict carries the store's current record; other replays carry none", arguments: Backend.available)
    func replayedConflictCarriesRecord(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let recordId = Fixtures.newRecordId()
            let console = Fixtures.clientId("a")
            let other = Fixtures.clientId("b")
            _ = try await store.pushOK(PushRequest(clientId: other, mutations: [Fixtures.upsert(1, recordId, fields: Fixtures.untimed("First"))]))
            let batch = PushRequest(clientId: console, mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId()),
                Fixtures.upsert(2, recordId, base: 0, fields: Fixtures.untimed("Mine")),
            ])
            let first = try await store.pushOK(batch)
            #expect(first.results.map(\.status) == [.applied, .conflict])
            #expect(first.results[1].record?.version == 1)

            // The answer was lost; meanwhile the record changed again on the store.
            _ = try await store.pushOK(PushRequest(clientId: other, mutations: [
                Fixtures.upsert(2, recordId, base: 1, fields: Fixtures.untimed("Second")),
            ]))
            let dumpBefore = try await store.dump()
            let replay = try await store.pushOK(batch)
            #expect(replay.results.map(\.status) == [.duplicate, .duplicate])
            #expect(replay.results.map(\.originalStatus) == [.applied, .conflict])
            #expect(replay.results[0].record == nil)
            let record = try #require(replay.results[1].record)
            #expect(record.id == recordId)
            #expect(record.version == 3)
            #expect(record.fields["title"] == .string("Second"))
            #expect(try await store.dump() == dumpBefore)
        }
    }

    @Test("invalid fields, unknown entities and unknown records are rejected, and consume their ids", arguments: Backend.available)
    func rejected(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let now = Date()
            let backwards = EventDetails(title: "Backwards", timing: .timed(start: now, end: now.addingTimeInterval(3600), timeZone: "Europe/Paris")).syncFields
            guard case .object(var members) = backwards else { Issue.record("fields are not an object"); return }
            members["endsAt"] = .string("2000-01-01T00:00:00.000Z")
            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId(), fields: .object(["title": .string(""), "timing": .string("untimed")])),
                Fixtures.upsert(2, Fixtures.newRecordId(), fields: .object(["title": .string("No timing")])),
                Mutation(id: 3, entity: "ride-offer", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0, fields: Fixtures.untimed("x")),
                Fixtures.upsert(4, Fixtures.newRecordId(), base: 7),
                Fixtures.upsert(5, Fixtures.newRecordId(), fields: .object(members)),
                Fixtures.upsert(6, Fixtures.newRecordId(), fields: nil).withFields(nil),
                Fixtures.upsert(7, Fixtures.newRecordId(), fields: .array([])),
            ]))
            #expect(answer.lastMutationId == 7)
            #expect(answer.results.map(\.status) == Array(repeating: .rejected, count: 7))
            #expect(answer.results[0].reason?.hasPrefix("title:") == true)
            #expect(answer.results[1].reason?.hasPrefix("timing:") == true)
            #expect(answer.results[2].reason?.contains("unknown entity") == true)
            #expect(answer.results[3].reason?.contains("unknown record") == true)
            #expect(answer.results[4].reason != nil)
            #expect(answer.results[5].reason == "fields: must be a JSON object")
            #expect(answer.results.allSatisfy { $0.version == nil })
            #expect(try await store.dump() == "")
            #expect(try await store.repository.org(slug: store.org)?.lastSeq == 0)
        }
    }

    @Test("stored fields are normalized to what the console would store", arguments: Backend.available)
    func normalized(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let recordId = Fixtures.newRecordId()
            // Extra keys dropped, missing optional ones filled in, title trimmed by validation.
            let sent = JSONValue.object(["title": .string("  Choir  "), "timing": .string("untimed"), "colour": .string("red")])
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Fixtures.upsert(1, recordId, fields: sent)]))
            let stored = try #require(try await store.pullAll().records.first)
            let expected = try EventDetails(syncFields: sent).syncFields
            #expect(stored.fields == expected)
            #expect(stored.fields["colour"] == nil)
        }
    }

    @Test("a batch past the next expected id answers 409 mutation-gap with the last id", arguments: Backend.available)
    func gap(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let response = try await store.push(PushRequest(clientId: client, mutations: Fixtures.creations(2, firstId: 5)))
            #expect(response.status == .conflict)
            #expect(response.errorBody == ErrorResponse(error: "mutation-gap", message: response.errorBody?.message ?? "", lastMutationId: 0))
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: Fixtures.creations(3)))
            let later = try await store.push(PushRequest(clientId: client, mutations: Fixtures.creations(1, firstId: 5)))
            #expect(later.status == .conflict)
            #expect(later.errorBody?.lastMutationId == 3)
            #expect(try await store.repository.org(slug: store.org)?.lastSeq == 3)
        }
    }

    @Test("ids that are not consecutive inside a batch answer 400 and store nothing", arguments: Backend.available)
    func nonConsecutive(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            for ids in [[1, 3], [1, 1], [2, 1], [1, 2, 4]] as [[Int64]] {
                let mutations = ids.map { Fixtures.upsert($0, Fixtures.newRecordId()) }
                let response = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
                #expect(response.status == .badRequest, "ids \(ids)")
                #expect(response.errorBody?.error == "bad-request")
            }
            #expect(try await store.dump() == "")
        }
    }

    @Test("an empty batch tells the client its last applied id", arguments: Backend.available)
    func emptyBatch(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            #expect(try await store.pushOK(PushRequest(clientId: client, mutations: [])).lastMutationId == 0)
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: Fixtures.creations(2)))
            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: []))
            #expect(answer == PushResponse(lastMutationId: 2, results: []))
        }
    }

    @Test("a delete makes a tombstone with a new version; the record can be recreated on it", arguments: Backend.available)
    func deleteAndRecreate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let recordId = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Fixtures.upsert(1, recordId), Fixtures.delete(2, recordId, base: 1), Fixtures.upsert(3, recordId, base: 2),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .applied, .applied])
            #expect(answer.results.map(\.version) == [1, 2, 3])
            let records = try await store.pullAll().records
            #expect(records.count == 1)
            #expect(records.first?.version == 3)
            #expect(records.first?.deleted == false)
        }
    }
}

extension Mutation {
    func withFields(_ fields: JSONValue?) -> Mutation {
        var copy = self
        copy.fields = fields
        return copy
    }
}
