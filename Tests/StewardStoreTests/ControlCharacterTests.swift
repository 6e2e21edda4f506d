import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Text from the wire that a database cannot keep as it is (NUL in PostgreSQL text) gets a
/// clear answer, never a 5xx, on every backend.
@Suite("Control characters")
struct ControlCharacterTests {
    @Test("a client id with a control character is refused as malformed", arguments: Backend.available)
    func clientIdWithNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let response = try await store.push(PushRequest(clientId: "console\u{0}one", mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId()),
            ]))
            #expect(response.status == .badRequest)
            #expect(response.errorBody?.message == "clientId: must not contain control characters")
        }
    }

    @Test("a refusal that quotes a NUL sent in a field is stored and answered", arguments: Backend.available)
    func reasonQuotingNUL(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "fund", recordId: Fixtures.newRecordId(), operation: .upsert, baseVersion: 0,
                         fields: .object(["name": .string("Missions"), "url": .string("https://give\u{0}.example")])),
            ]))
            #expect(answer.results.map(\.status) == [.rejected])
            #expect(answer.results.first?.reason?.contains("\u{FFFD}") == true)
        }
    }
}
