import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// A console that sends a refresh, whose answer is lost after the store has carried it out,
/// sends the same refresh token again: within the grace window, and while the pair it was given
/// is untouched, that is a retry (a fresh pair), not a theft. Every other reuse still ends the
/// session. On every backend.
@Suite("Refresh retried after a lost answer")
struct RefreshRetryTests {
    @Test("a refresh repeated at once gets a fresh pair, and the session goes on", arguments: Backend.available)
    func retryWithinGrace(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.editor)
            // The store commits the rotation; the answer never reaches the console.
            let lost = try await store.refresh(first.refreshToken).decode(SessionTokens.self)

            let retry = try await store.refresh(first.refreshToken)
            #expect(retry.status == .ok, "\(retry.text)")
            #expect(retry.headers[.cacheControl] == "no-store")
            let fresh = try retry.decode(SessionTokens.self)
            #expect(fresh.accessToken != lost.accessToken)
            #expect(fresh.refreshToken != lost.refreshToken)
            #expect(fresh.email == store.staffEmail(.editor))
            #expect(fresh.role == .editor)
            #expect(try await store.changes(token: fresh.accessToken).status == .ok)
            // The pair whose answer was lost is withdrawn: nobody was meant to hold it.
            #expect(try await store.changes(token: lost.accessToken).status == .unauthorized)
            // The session goes on from the fresh pair.
            let next = try await store.refresh(fresh.refreshToken)
            #expect(next.status == .ok, "\(next.text)")
            #expect(try await store.changes(token: next.decode(SessionTokens.self).accessToken).status == .ok)
        }
    }

    @Test("answers lost several times in a row are retried as often", arguments: Backend.available)
    func repeatedRetries(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.viewer)
            _ = try await store.refresh(first.refreshToken)
            _ = try await store.refresh(first.refreshToken)
            let third = try await store.refresh(first.refreshToken)
            #expect(third.status == .ok, "\(third.text)")
            #expect(try await store.changes(token: third.decode(SessionTokens.self).accessToken).status == .ok)
        }
    }

    @Test("a repeat after the grace window ends the session", arguments: Backend.available)
    func retryAfterGrace(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.refreshRetryGrace = .seconds(1)
        try await TestStore.with(backend, configuration: configuration) { store in
            let first = try await store.signInOK(.editor)
            let lost = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            try await Task.sleep(for: .milliseconds(1300))

            let late = try await store.refresh(first.refreshToken)
            #expect(late.status == .unauthorized)
            #expect(late.errorBody?.error == ErrorResponse.Code.unauthorized)
            #expect(try await store.refresh(lost.refreshToken).status == .unauthorized)
            #expect(try await store.changes(token: lost.accessToken).status == .unauthorized)
        }
    }

    @Test("a repeat after the new refresh token was used ends the session", arguments: Backend.available)
    func retryAfterNewRefreshUsed(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.admin)
            let second = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            let third = try await store.refresh(second.refreshToken).decode(SessionTokens.self)

            #expect(try await store.refresh(first.refreshToken).status == .unauthorized)
            #expect(try await store.changes(token: third.accessToken).status == .unauthorized)
            #expect(try await store.refresh(third.refreshToken).status == .unauthorized)
        }
    }

    @Test("a repeat after the new access token was used ends the session", arguments: Backend.available)
    func retryAfterNewAccessUsed(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.approver)
            let second = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            #expect(try await store.changes(token: second.accessToken).status == .ok)

            let reuse = try await store.refresh(first.refreshToken)
            #expect(reuse.status == .unauthorized)
            #expect(try await store.changes(token: second.accessToken).status == .unauthorized)
            #expect(try await store.refresh(second.refreshToken).status == .unauthorized)
        }
    }

    @Test("the withdrawn pair's refresh token coming back later ends the session", arguments: Backend.available)
    func withdrawnPairReused(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.editor)
            // The owner got this answer; a copy of the first token is repeated by someone else.
            let owners = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            let copys = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            // The owner's next refresh presents a token withdrawn by that repeat: a theft, so
            // the whole session ends, the copy's tokens with it.
            #expect(try await store.refresh(owners.refreshToken).status == .unauthorized)
            #expect(try await store.changes(token: copys.accessToken).status == .unauthorized)
            #expect(try await store.refresh(copys.refreshToken).status == .unauthorized)
        }
    }
}
