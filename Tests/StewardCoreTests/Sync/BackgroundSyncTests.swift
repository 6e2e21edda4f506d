import Foundation
import GRDB
import Testing
@testable import StewardCore

/// The background sync against the fake store, with short intervals. Each test waits for
/// an outcome (a state, the store's contents, a count of requests), never for a time.
@Suite struct BackgroundSyncTests {
    /// A transport over the fake store that can be made unreachable, slows each request a
    /// little, and counts how many requests ever ran at once.
    final class Gate: SyncTransport, @unchecked Sendable {
        let inner: FakeStore
        private let lock = NSLock()
        private var down = false
        private var running = 0
        private(set) var mostAtOnce = 0
        private(set) var failures = 0
        let delay: UInt64

        init(_ inner: FakeStore, delayMilliseconds: UInt64 = 0) {
            self.inner = inner
            self.delay = delayMilliseconds * 1_000_000
        }

        var storeURL: String { inner.storeURL }
        func setDown(_ value: Bool) { lock.withLock { down = value } }
        var failed: Int { lock.withLock { failures } }
        var concurrency: Int { lock.withLock { mostAtOnce } }

        private func enter() throws(SyncTransportError) {
            lock.lock()
            defer { lock.unlock() }
            if down {
                failures += 1
                throw .transport(.couldNotConnect("connection refused"))
            }
            running += 1
            mostAtOnce = max(mostAtOnce, running)
        }

        private func leave() { lock.withLock { running -= 1 } }

        func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
            try enter()
            defer { leave() }
            if delay > 0 { try? await Task.sleep(nanoseconds: delay) }
            return try await inner.push(request)
        }

        func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse {
            try enter()
            defer { leave() }
            if delay > 0 { try? await Task.sleep(nanoseconds: delay) }
            return try await inner.pull(cursor: cursor, limit: limit)
        }

        func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse {
            try await inner.history(entity: entity, recordId: recordId)
        }
    }

    final class States: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [SyncState] = []
        func append(_ state: SyncState) { lock.withLock { items.append(state) } }
        var all: [SyncState] { lock.withLock { items } }
        var last: SyncState? { all.last }
    }

    func backgroundSync(_ f: SyncFixture, gate: Gate, cadence: SyncCadence) -> BackgroundSync {
        let engine = SyncEngine(database: f.database,
                                options: SyncOptions(retry: RetryPolicy(maxAttempts: 1)),
                                transport: { _ in gate })
        return BackgroundSync(engine: engine, cadence: cadence)
    }

    @Test func editsAreSentOnceTheyPauseAsOneSync() async throws {
        let f = try await SyncFixture()
        let gate = Gate(f.store)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 1, interval: 3600))
        let states = States()
        let observation = backgroundSync.observe { states.append($0) }
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()
        #expect(await eventually {
            let pulls = await f.store.pullCursors.count
            return states.last?.headline == "All changes sent" && pulls == 1
        })

        for n in 1...5 { try await f.create("Event \(n)") }
        for _ in 1...5 { backgroundSync.changesMade() }

        // The counts follow the edits at once; the sync waits for the pause.
        #expect(await eventually { states.last?.headline == "5 changes waiting" })
        #expect(await f.store.pushRequests.isEmpty)
        #expect(await eventually { states.last?.headline == "All changes sent" })
        #expect(await f.store.pushRequests.count == 1)
        #expect(await f.store.pullCursors.count == 2)
        #expect(try await f.dump() == (await f.store.dump()))
        #expect(states.last?.lastSuccess != nil)
        observation.cancel()
        backgroundSync.stop()
    }

    @Test func theTimerBringsTheStoresChangesWithoutAnyoneAsking() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        let gate = Gate(f.store)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 3600, interval: 0.2))
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()
        #expect(await eventually { await f.store.record(event.id) != nil })

        await f.store.remoteWrite(event.id, title: "Choir (moved to the hall)")

        #expect(try await eventually { try await f.event(event.id)?.details.title == "Choir (moved to the hall)" })
        #expect(await eventually { await f.store.pullCursors.count >= 3 })
        backgroundSync.stop()
    }

    @Test func aTimingChosenInPreferencesTakesEffectAtOnce() async throws {
        let f = try await SyncFixture()
        let gate = Gate(f.store)
        // "Only when asked", edits not synced: nothing runs after the first sync.
        let manual = SyncCadence(SyncTiming(intervalMinutes: 0, syncsAfterEdits: false))
        #expect(!manual.isPeriodic && !manual.syncsAfterEdits)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: manual)
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()
        #expect(await eventually { await f.store.pullCursors.count == 1 })
        try await f.create("Choir")
        backgroundSync.changesMade()
        #expect(await eventually { backgroundSync.currentState.pending == 1 })
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(await f.store.pushRequests.isEmpty)

        // Edits start a sync again: the waiting edit is not sent until the next one is made.
        backgroundSync.setCadence(SyncCadence(debounce: 0, interval: 3600, isPeriodic: false))
        #expect(await f.store.pushRequests.isEmpty)
        try await f.create("Choir rehearsal")
        backgroundSync.changesMade()
        #expect(await eventually { await f.store.records.count == 2 })

        // A short timer: the store's changes arrive without any edit or Sync Now.
        let pulls = await f.store.pullCursors.count
        backgroundSync.setCadence(SyncCadence(debounce: 0, interval: 0.1))
        #expect(await eventually { await f.store.pullCursors.count >= pulls + 2 })
        backgroundSync.stop()
    }

    @Test func syncNowSyncsOnDemandAndNothingRunsBeforeStart() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        let gate = Gate(f.store)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 0, interval: 3600))
        backgroundSync.setOrganization(f.org)
        backgroundSync.changesMade()
        backgroundSync.syncNow()
        #expect(await eventually { backgroundSync.currentState.pending == 1 })
        #expect(await f.store.pushRequests.isEmpty)

        backgroundSync.start()
        #expect(await eventually { await f.store.pullCursors.count == 1 })
        backgroundSync.syncNow()
        #expect(await eventually { await f.store.pullCursors.count == 2 })
        #expect(backgroundSync.currentState.pending == 0)
        backgroundSync.stop()
    }

    @Test func neverTwoSyncsAtOnce() async throws {
        let f = try await SyncFixture()
        let gate = Gate(f.store, delayMilliseconds: 30)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 0, interval: 0.05))
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()
        for n in 1...20 {
            try await f.create("Event \(n)")
            backgroundSync.changesMade()
            backgroundSync.syncNow()
        }
        #expect(await eventually {
            let stored = await f.store.records.count
            return backgroundSync.currentState.pending == 0 && stored == 20
        })
        #expect(gate.concurrency == 1)
        #expect(await f.store.maxApplications() == 1)
        backgroundSync.stop()
    }

    @Test func anUnreachableStoreShowsOfflineAndSyncIsRetriedUntilItAnswers() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        let gate = Gate(f.store)
        gate.setDown(true)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 3600, interval: 3600,
                                                                         firstRetryDelay: 0.05, maxRetryDelay: 0.2))
        let states = States()
        let observation = backgroundSync.observe { states.append($0) }
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()

        #expect(await eventually { states.last?.headline == "Offline, will retry" })
        if case .offline(let next)? = states.last?.phase {
            #expect(next > Date().addingTimeInterval(-5))
        } else {
            Issue.record("not offline: \(String(describing: states.last))")
        }
        #expect(states.last?.pending == 1)
        // Retried by itself, with nobody asking.
        #expect(await eventually { gate.failed >= 4 })

        gate.setDown(false)

        #expect(await eventually { states.last?.headline == "All changes sent" })
        #expect(await f.store.pushRequests.count == 1)
        #expect(try await f.dump() == (await f.store.dump()))
        observation.cancel()
        backgroundSync.stop()
    }

    @Test func anOrganizationWithoutARemoteOrSessionIsSignedOut() async throws {
        let f = try await SyncFixture()
        let other = try await OrganizationService(database: f.database)
            .add(slug: "city-office", name: "City", timeZone: "UTC", kind: .cityOffice)
        let gate = Gate(f.store)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 0, interval: 3600))
        backgroundSync.start()
        backgroundSync.setOrganization(other)
        #expect(await eventually { backgroundSync.currentState.headline == "Signed out" })

        // A staff remote whose session ended is signed out too; switching organizations shows
        // each one's own state.
        backgroundSync.setOrganization(f.org)
        #expect(await eventually { backgroundSync.currentState.headline == "All changes sent" })
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "UPDATE remote SET staffEmail = 'ann@grace.example', staffRole = 'editor', signedIn = 0 WHERE orgId = ?",
                           arguments: [UUIDColumn.encode(org.id)])
        }
        try await f.create("Choir")
        backgroundSync.changesMade()
        #expect(await eventually { backgroundSync.currentState.headline == "Signed out" && backgroundSync.currentState.pending == 1 })
        backgroundSync.syncNow()
        #expect(await eventually { backgroundSync.currentState.phase == .signedOut })
        #expect(await f.store.pushRequests.isEmpty)
        backgroundSync.stop()
    }

    @Test func aFailureRetryingCannotFixIsShownWithItsReason() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        await f.store.failPushes([.fail(.status(403, ErrorResponse(error: "forbidden", message: "viewers cannot push")))])
        let gate = Gate(f.store)
        let backgroundSync = backgroundSync(f, gate: gate, cadence: SyncCadence(debounce: 3600, interval: 3600))
        backgroundSync.setOrganization(f.org)
        backgroundSync.start()

        #expect(await eventually { backgroundSync.currentState.headline == "Sync failed" })
        guard case .failed(let message) = backgroundSync.currentState.phase else { return }
        #expect(message.contains("viewers cannot push"))
        #expect(backgroundSync.currentState.pending == 1)
        backgroundSync.stop()
    }
}
