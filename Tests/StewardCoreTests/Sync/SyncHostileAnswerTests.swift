import Foundation
import Testing
@testable import StewardCore

/// A store's answer is wire input like any other: numbers in it are range-checked before the
/// console does arithmetic on them, so a hostile or broken store gets a clear sync error and
/// never traps the console.
@Suite struct SyncHostileAnswerTests {
    static func gap(_ last: Int64) -> FakeStore.Fault {
        .fail(.status(409, ErrorResponse(error: "mutation-gap", message: "gap", lastMutationId: last)))
    }

    @Test(arguments: [Int64.max, Int64.max - 1, WireNumbers.maxCounter])
    func aMutationGapPastAnyRealIdIsAnInvalidAnswer(last: Int64) async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        try await f.create("Vigil")
        await f.store.failPushes([Self.gap(last)])
        await #expect(throws: SyncError.invalidAnswer(
            url: "https://fake.store",
            message: "mutation-gap with lastMutationId \(last), past any id a console gives out (at most 9007199254740991)")) {
            _ = try await f.engine().sync(org: f.org)
        }
        // Nothing was renumbered or lost: the next sync sends the same ids.
        #expect(try await f.outbox().map(\.mutationId) == [1, 2])
        #expect(try await f.remote().lastAssignedMutationId == 2)
        try await f.engine().sync(org: f.org)
        #expect(try await f.outbox().isEmpty)
    }

    @Test func aMutationGapJustBelowTheLimitIsStillFollowed() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        await f.store.failPushes([Self.gap(WireNumbers.maxCounter - 2000)])
        // A store that says it is ahead has nothing of ours to renumber after: the same id goes
        // again, and this time the (fake) store takes it.
        try await f.engine().sync(org: f.org)
        #expect(await f.store.pushRequests.map { $0.mutations.map(\.id) } == [[1], [1]])
        #expect(try await f.outbox().isEmpty)
    }

    @Test(arguments: [(Int.max, 86_400, "1440 minutes"), (Int.min, 1, "1 minute"), (0, 1, "1 minute")])
    func aRetryAfterFromTheStoreIsClampedBeforeTheMessageCountsWithIt(seconds: Int, clamped: Int, shown: String) async throws {
        let s = try await SessionServiceTests.Setup()
        await s.transport.answerSignIn(.failure(.status(429, ErrorResponse(error: "too-many-attempts", message: "wait",
                                                                             retryAfter: seconds))))
        let error = await #expect(throws: SignInError.self) {
            try await s.sessions.signIn(org: s.org, url: "https://store.example.org", email: "ann@grace.example", password: "wrong")
        }
        #expect(error == .tooManyAttempts(retryAfter: clamped))
        #expect(error?.message == "Too many failed sign-ins. Try again in \(shown).")
    }
}
