import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The store checks every record type with the declaration the console uses, and references
/// between records, on every backend.
@Suite("Record types")
struct RecordTypeContractTests {
    static func fund(_ id: Int64, _ recordId: String, name: String = "Missions", url: String = "https://give.example/m",
                     base: Int64 = 0) -> Mutation {
        Mutation(id: id, entity: "fund", recordId: recordId, operation: .upsert, baseVersion: base,
                 fields: .object(["name": .string(name), "url": .string(url)]))
    }

    static func series(_ id: Int64, _ recordId: String) -> Mutation {
        Mutation(id: id, entity: "series", recordId: recordId, operation: .upsert, baseVersion: 0,
                 fields: .object(["title": .string("Advent")]))
    }

    static func message(_ id: Int64, _ recordId: String, series: String) -> Mutation {
        Mutation(id: id, entity: "message", recordId: recordId, operation: .upsert, baseVersion: 0,
                 fields: .object(["title": .string("Waiting Well"), "preachedOn": .string("2026-11-29"),
                                  "series": .string(series)]))
    }

    @Test("each type is validated and normalized by its declaration", arguments: Backend.available)
    func typesValidate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let good = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Self.fund(1, good),
                Self.fund(2, Fixtures.newRecordId(), url: "http://give.example/insecure"),
                Mutation(id: 3, entity: "raffle", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["name": .string("Gold")])),
                Mutation(id: 4, entity: "fund", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["name": .string("X"), "url": .string("https://x.example"), "colour": .string("red")])),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .rejected, .rejected, .rejected])
            #expect(answer.results[1].reason?.hasPrefix("url: must be a secure address") == true)
            #expect(answer.results[2].reason == "unknown entity 'raffle'")
            #expect(answer.results[3].reason?.hasPrefix("colour: is not a field of a giving fund") == true)
            let stored = try #require(try await store.pullAll().records.first)
            #expect(stored.entity == "fund")
            // Normalized: the defaults are filled in, exactly as the console fills them.
            #expect(stored.fields["position"] == .int(0))
            #expect(stored.fields["active"] == .bool(true))
        }
    }

    @Test("a reference must name a live record of the organization, in the store or earlier in the batch", arguments: Backend.available)
    func referencesExist(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let series = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Self.message(1, Fixtures.newRecordId(), series: Fixtures.newRecordId()),
                Self.series(2, series),
                Self.message(3, Fixtures.newRecordId(), series: series),
            ]))
            #expect(answer.results.map(\.status) == [.rejected, .applied, .applied])
            #expect(answer.results[0].reason?.hasPrefix("series: there is no series") == true)

            // And in a later batch, from the stored records.
            let later = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Self.message(1, Fixtures.newRecordId(), series: series),
            ]))
            #expect(later.results.map(\.status) == [.applied])
        }
    }

    @Test("a record still referenced cannot be deleted; once unreferenced it can", arguments: Backend.available)
    func referencedRecordsStay(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let series = Fixtures.newRecordId()
            let message = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Self.series(1, series), Self.message(2, message, series: series),
            ]))
            let refused = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 3, entity: "series", recordId: series, operation: .delete, baseVersion: 1, fields: nil),
            ]))
            #expect(refused.results.map(\.status) == [.rejected])
            #expect(refused.results[0].reason?.contains("still used by the message \"Waiting Well\"") == true)

            let allowed = try await store.pushOK(PushRequest(clientId: client, mutations: [
                Mutation(id: 4, entity: "message", recordId: message, operation: .delete, baseVersion: 2, fields: nil),
                Mutation(id: 5, entity: "series", recordId: series, operation: .delete, baseVersion: 1, fields: nil),
            ]))
            #expect(allowed.results.map(\.status) == [.applied, .applied])
        }
    }
}
