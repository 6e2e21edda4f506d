import Foundation
import Testing
@testable import StewardCore

/// A console whose client id another credential owns (another staff member signed in here
/// before, a copy of this database elsewhere) takes one of its own and loses nothing.
@Suite struct ClientIdTakeoverTests {
    @Test func aClientIdInUseElsewhereIsReplacedAndEveryChangeArrivesOnce() async throws {
        let f = try await SyncFixture()
        let first = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let oldClient = try await f.remote().clientId
        await f.store.setOwnedElsewhere(oldClient)
        try await f.rename(first.id, "Choir rehearsal")
        _ = try await f.create("Bake sale")

        let report = try await f.engine().sync(org: f.org)

        let remote = try await f.remote()
        #expect(remote.clientId != oldClient)
        #expect(remote.clientId.hasPrefix(oldClient + "/"))
        #expect(report.pushed == 2)
        #expect(try await f.outbox().isEmpty)
        #expect(await f.store.record(first.id)?.fields["title"]?.stringValue == "Choir rehearsal")
        // The new client's ids start again from 1.
        #expect(await f.store.pushRequests.last?.mutations.map(\.id) == [1, 2])
        #expect(await f.store.maxApplications() == 1)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aChangeTheStoreMayHaveAppliedUnderTheOldIdSettlesAsTheSameContent() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        // Sent under the old id and applied, but the answer was lost.
        await f.store.failPushes([.loseAnswer(.timedOut)])
        _ = try? await f.engine(attempts: 1).sync(org: f.org)
        #expect(try await f.outbox().first?.mutationId == 1)
        await f.store.setOwnedElsewhere(try await f.remote().clientId)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.conflicts == 0)
        #expect(try await f.conflicts().isEmpty)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.event(event.id)?.version == (await f.store.record(event.id)?.version))
        #expect(try await f.dump() == (await f.store.dump()))
    }
}
