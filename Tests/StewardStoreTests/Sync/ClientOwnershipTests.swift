import Foundation
import Hummingbird
import Testing
import StewardCore
@testable import StewardStore

/// A client id belongs to the credential that first pushed with it: nobody else gets its
/// "duplicate" answers (on which a console drops its outbox entries) or may push under it.
@Suite("Client ownership")
struct ClientOwnershipTests {
    @Test("another staff member or an API token cannot push under a staff member's client id", arguments: Backend.available)
    func staffClientId(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let first = PushRequest(clientId: client, mutations: Fixtures.creations(2))
            _ = try await store.pushOK(first, token: store.staffTokens[.editor]!)
            let dumpBefore = try await store.dump()

            // The same ids from someone else: no duplicate answers for them.
            for token in [store.staffTokens[.admin]!, store.admin, store.staff] {
                let response = try await store.push(first, token: token)
                #expect(response.status == .conflict, "\(response.text)")
                #expect(response.errorBody?.error == ErrorResponse.Code.clientIdInUse)
                #expect(response.errorBody?.message.contains("belongs to another staff account or API token") == true)
                #expect(response.errorBody?.lastMutationId == nil)
            }
            // Nor new ids, nor a gap that would tell them how far the client got.
            let next = PushRequest(clientId: client, mutations: Fixtures.creations(1, firstId: 3))
            #expect(try await store.push(next, token: store.staffTokens[.approver]!).status == .conflict)
            let gap = PushRequest(clientId: client, mutations: Fixtures.creations(1, firstId: 50))
            #expect(try await store.push(gap, token: store.admin).errorBody?.error == ErrorResponse.Code.clientIdInUse)
            #expect(try await store.dump() == dumpBefore)

            // The same member, signed in again (a new session, new tokens), goes on as before.
            let again = try await store.signInOK(.editor)
            let replay = try await store.pushOK(first, token: again.accessToken)
            #expect(replay.results.map(\.status) == [.duplicate, .duplicate])
            #expect(try await store.pushOK(next, token: again.accessToken).results.map(\.status) == [.applied])
        }
    }

    @Test("an API token's client id is its own; the same token keeps it", arguments: Backend.available)
    func tokenClientId(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let request = PushRequest(clientId: client, mutations: Fixtures.creations(1))
            _ = try await store.pushOK(request, token: store.staff)
            // Another token of the same role is someone else.
            let other = try await TestStore.makeToken(store.repository, org: store.org, role: .staff)
            #expect(try await store.push(request, token: other).errorBody?.error == ErrorResponse.Code.clientIdInUse)
            #expect(try await store.push(request, token: store.staffTokens[.editor]!).status == .conflict)
            #expect(try await store.pushOK(request, token: store.staff).results.map(\.status) == [.duplicate])
            // A client id of its own works for the other token.
            let own = PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1))
            #expect(try await store.pushOK(own, token: other).results.map(\.status) == [.applied])
        }
    }

    @Test("a client id from before ids were bound is bound on its next push", arguments: Backend.available)
    func legacyClient(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            try await WireNumberTests.setLastMutationId(1, org: store.org, client: client, repository: store.repository)
            let request = PushRequest(clientId: client, mutations: Fixtures.creations(1, firstId: 2))
            #expect(try await store.pushOK(request, token: store.admin).results.map(\.status) == [.applied])
            #expect(try await store.push(request, token: store.staff).errorBody?.error == ErrorResponse.Code.clientIdInUse)
        }
    }

    @Test("client ids are per organization: the same text elsewhere is another client", arguments: Backend.available)
    func perOrganization(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let request = PushRequest(clientId: client, mutations: Fixtures.creations(1))
            _ = try await store.pushOK(request, token: store.admin)
            let foreign = try await store.push(request, token: store.foreignTokens[.admin]!, org: store.foreignOrg)
            #expect(foreign.status == .ok, "\(foreign.text)")
        }
    }
}
