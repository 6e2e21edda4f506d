import Foundation
import Hummingbird
import Testing
import StewardCore
@testable import StewardStore

/// API tokens that can be taken back: listed by id (never the secret), revoked, or expired,
/// after which they answer 401.
@Suite("API token lifecycle")
struct TokenLifecycleTests {
    @Test("a revoked token answers 401 at once; others go on working", arguments: Backend.available)
    func revoke(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            #expect(try await store.changes(token: store.reader).status == .ok)
            let id = TokenInfo.id(forHash: BearerToken.hash(store.reader))
            guard case .revoked(let info) = try await store.repository.revokeToken(id: id, now: Date()) else {
                Issue.record("the token was not revoked")
                return
            }
            #expect(info.role == .reader && info.org == store.org && info.revokedAt != nil)
            let refused = try await store.changes(token: store.reader)
            #expect(refused.status == .unauthorized)
            #expect(refused.errorBody?.error == ErrorResponse.Code.unauthorized)
            #expect(refused.errorBody?.message.hasPrefix("this API token has been revoked") == true)
            #expect(try await store.changes(token: store.admin).status == .ok)
            guard case .alreadyRevoked = try await store.repository.revokeToken(id: id, now: Date()) else {
                Issue.record("revoking twice did not say so")
                return
            }
            #expect(try await store.repository.revokeToken(id: "0123456789abcdef", now: Date()) == .notFound)
        }
    }

    @Test("an expired token answers 401; one still in its time works", arguments: Backend.available)
    func expiry(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let expired = BearerToken.generate()
            try await store.repository.addToken(hash: BearerToken.hash(expired), grant: TokenGrant(org: store.org, role: .staff),
                                                createdAt: Date().addingTimeInterval(-7200),
                                                expiresAt: Date().addingTimeInterval(-60))
            let live = BearerToken.generate()
            try await store.repository.addToken(hash: BearerToken.hash(live), grant: TokenGrant(org: store.org, role: .staff),
                                                createdAt: Date(), expiresAt: Date().addingTimeInterval(3600))
            let refused = try await store.changes(token: expired)
            #expect(refused.status == .unauthorized)
            #expect(refused.errorBody?.message.hasPrefix("this API token has expired") == true)
            #expect(try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1)),
                                         token: expired).status == .unauthorized)
            #expect(try await store.changes(token: live).status == .ok)
        }
    }

    @Test("the list shows each token of the organization by id, role and dates, never the token", arguments: Backend.available)
    func list(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let tokens = try await store.repository.tokens(org: store.org)
            #expect(tokens.count == Role.allCases.count)
            #expect(Set(tokens.map(\.id)) == Set(store.tokens.values.map { TokenInfo.id(forHash: BearerToken.hash($0)) }))
            #expect(tokens.allSatisfy { TokenInfo.isId($0.id) && $0.org == store.org && $0.expiresAt == nil && $0.revokedAt == nil })
            let secrets = Array(store.tokens.values) + Array(store.foreignTokens.values)
            #expect(tokens.allSatisfy { info in !secrets.contains { $0.contains(info.id) } })
            #expect(try await store.repository.tokens(org: store.foreignOrg).count == Role.allCases.count)
        }
    }

    @Test("rotating a token revokes the old one and hands its client ids to the new one", arguments: Backend.available)
    func rotate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            let first = PushRequest(clientId: client, mutations: Fixtures.creations(1))
            _ = try await store.pushOK(first, token: store.staff)
            let oldId = TokenInfo.id(forHash: BearerToken.hash(store.staff))
            let rotated = BearerToken.generate()
            try await store.repository.addToken(hash: BearerToken.hash(rotated), grant: TokenGrant(org: store.org, role: .staff),
                                                createdAt: Date(), expiresAt: nil, replacing: oldId)
            #expect(try await store.changes(token: store.staff).status == .unauthorized)
            // The console, given the new token, goes on under its client id: its replay is
            // answered duplicate, its next change applied.
            #expect(try await store.pushOK(first, token: rotated).results.map(\.status) == [.duplicate])
            let next = PushRequest(clientId: client, mutations: Fixtures.creations(1, firstId: 2))
            #expect(try await store.pushOK(next, token: rotated).results.map(\.status) == [.applied])
            // Another token of the organization still may not.
            #expect(try await store.push(next, token: store.admin).errorBody?.error == ErrorResponse.Code.clientIdInUse)
            // Only a token of the same organization can be replaced.
            let foreignId = TokenInfo.id(forHash: BearerToken.hash(store.foreignTokens[.staff]!))
            await #expect(throws: StoreFailure.unknownToken(foreignId)) {
                try await store.repository.addToken(hash: BearerToken.hash(BearerToken.generate()),
                                                    grant: TokenGrant(org: store.org, role: .staff), createdAt: Date(),
                                                    expiresAt: nil, replacing: foreignId)
            }
            let foreign = try await store.request(.get, "/v1/orgs/\(store.foreignOrg)/changes", token: store.foreignTokens[.staff]!)
            #expect(foreign.status == .ok)
        }
    }
}
