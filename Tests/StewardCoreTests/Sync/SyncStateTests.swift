import Foundation
import Testing
@testable import StewardCore

@Suite struct SyncStateTests {
    @Test func theHeadlineSaysWhereSyncStandsInPlainWords() {
        #expect(SyncState(phase: .idle, pending: 0).headline == "All changes sent")
        #expect(SyncState(phase: .idle, pending: 1).headline == "1 change waiting")
        #expect(SyncState(phase: .idle, pending: 3).headline == "3 changes waiting")
        #expect(SyncState(phase: .idle, pending: 0, conflicts: 1).headline == "1 change needs attention")
        #expect(SyncState(phase: .idle, pending: 0, conflicts: 1, rejected: 1).headline == "2 changes need attention")
        #expect(SyncState(phase: .idle, pending: 2, conflicts: 1).headline == "2 changes waiting")
        #expect(SyncState(phase: .syncing(progress: 0.5), pending: 3).headline == "Syncing…")
        #expect(SyncState(phase: .offline(nextRetry: Date()), pending: 3).headline == "Offline, will retry")
        #expect(SyncState(phase: .signedOut, pending: 3).headline == "Signed out")
        #expect(SyncState(phase: .failed(message: "403"), pending: 0).headline == "Sync failed")
    }

    @Test func theLastSyncTimeNamesTheDayWhenItIsNotToday() throws {
        let zone = try #require(TimeZone(identifier: "America/Chicago"))
        // 2026-03-05 14:05 in Chicago (UTC-6).
        let now = try #require(DateTimeText.parse("2026-03-05T14:05", zone: zone))
        func text(_ local: String?) throws -> String {
            let last = try local.map { try #require(DateTimeText.parse($0, zone: zone)) }
            return SyncState(phase: .idle, lastSuccess: last).lastSyncText(now: now, zone: zone)
        }
        #expect(try text(nil) == "Never synced")
        #expect(try text("2026-03-05T14:05") == "Last synced at 14:05")
        #expect(try text("2026-03-05T00:01") == "Last synced at 00:01")
        #expect(try text("2026-03-04T09:12") == "Last synced yesterday at 09:12")
        #expect(try text("2026-03-01T23:59") == "Last synced on 1 Mar at 23:59")
        #expect(try text("2025-12-31T08:00") == "Last synced on 31 Dec 2025 at 08:00")
    }

    @Test func retriesWaitTwiceAsLongEachTimeUpToTheLimit() {
        let cadence = SyncCadence()
        #expect((1...7).map { cadence.retryDelay(attempt: $0) } == [2, 4, 8, 16, 32, 60, 60])
        #expect(cadence.debounce == 2)
        #expect(cadence.interval == 180)
    }

    @Test func theEnvironmentSetsTheScheduleForTests() {
        let cadence = SyncCadence.fromEnvironment([
            "STEWARD_SYNC_INTERVAL": "5", "STEWARD_SYNC_DEBOUNCE": "250", "STEWARD_SYNC_RETRY_MAX": "1",
        ])
        #expect(cadence.interval == 5)
        #expect(cadence.debounce == 0.25)
        #expect(cadence.maxRetryDelay == 1)
        #expect(cadence.retryDelay(attempt: 4) == 1)
        // Nonsense is ignored.
        #expect(SyncCadence.fromEnvironment(["STEWARD_SYNC_INTERVAL": "soon"]).interval == 180)
    }

    @Test func preferencesTimingBecomesTheScheduleAndTheEnvironmentStillWins() {
        let hourly = SyncCadence(SyncTiming(intervalMinutes: 60, syncsAfterEdits: true))
        #expect(hourly.interval == 3600 && hourly.isPeriodic && hourly.syncsAfterEdits)
        let manual = SyncCadence(SyncTiming(intervalMinutes: 0, syncsAfterEdits: false))
        #expect(!manual.isPeriodic && !manual.syncsAfterEdits)
        // A test's interval holds whatever staff chose.
        let forced = SyncCadence.fromEnvironment(["STEWARD_SYNC_INTERVAL": "5"], base: manual)
        #expect(forced.interval == 5 && forced.isPeriodic && !forced.syncsAfterEdits)
        #expect(SyncTiming.intervalChoices.contains(SyncTiming().intervalMinutes))
    }

    @Test func theEngineReportsProgressBatchByBatch() async throws {
        let f = try await SyncFixture()
        for n in 1...12 { try await f.create("Event \(n)") }
        let store = f.store
        let seen = ProgressLog()
        let engine = SyncEngine(database: f.database,
                                options: SyncOptions(pushBatchSize: 5, retry: RetryPolicy(maxAttempts: 1)),
                                transport: { _ in store })

        try await engine.sync(org: f.org) { seen.append($0) }

        let sending = seen.all.filter { $0.stage == .sending }
        #expect(sending.map(\.sent) == [0, 5, 10, 12])
        #expect(sending.allSatisfy { $0.toSend == 12 })
        #expect(sending.last?.fraction == 1)
        let receiving = seen.all.filter { $0.stage == .receiving }
        #expect(receiving.count == 1)
        #expect(receiving.first?.fraction == nil)
        #expect(receiving.first?.pagesPulled == 1)
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SyncProgress] = []
    func append(_ progress: SyncProgress) { lock.withLock { items.append(progress) } }
    var all: [SyncProgress] { lock.withLock { items } }
}
