import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A seeded random mix of local edits, changes made elsewhere, lost answers, 503s and crashes
/// at every failpoint, checked at the end against what must hold: every mutation applied at
/// most once, nothing left behind, and the console and the store holding the same records.
@Suite struct SyncModelTests {
    /// SplitMix64: small, seeded, reproducible.
    final class Dice: @unchecked Sendable {
        private var state: UInt64
        private let lock = NSLock()
        init(seed: UInt64) { state = seed }
        func next() -> UInt64 {
            lock.withLock {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEditsAndFaultsEndInTheSameRecordsOnBothSides(seed: UInt64) async throws {
        let f = try await SyncFixture()
        let dice = Dice(seed: seed)
        let store = f.store
        var crashes = 0
        var unreachable = 0

        for round in 0..<25 {
            // Local edits.
            for _ in 0..<(1 + dice.below(4)) {
                let live = try await f.read { db in
                    try String.fetchAll(db, sql: "SELECT id FROM event WHERE deleted = 0 ORDER BY id")
                }.compactMap(UUID.init(uuidString:))
                switch live.isEmpty ? 0 : dice.below(10) {
                case 0..<4:
                    try await f.create("Event \(round)-\(dice.below(1000))")
                case 4..<8:
                    try await f.rename(live[dice.below(live.count)], "Renamed \(round)-\(dice.below(1000))")
                default:
                    try await f.events.delete(live[dice.below(live.count)], in: f.org)
                }
            }
            // A change made elsewhere to a record the store has.
            if dice.chance(30), let id = await store.records.keys.sorted().first.flatMap(UUID.init(uuidString:)) {
                if dice.chance(70) {
                    await store.remoteWrite(id, title: "From the app \(round)")
                } else {
                    await store.remoteDelete(id)
                }
            }
            if dice.chance(10) { await store.remoteWrite(UUID(), title: "Created in the app \(round)") }
            // Faults for the next requests.
            if dice.chance(30) { await store.failPushes([.loseAnswer(.connectionLost("reset"))]) }
            if dice.chance(20) { await store.failPulls([.loseAnswer(.timedOut)]) }
            if dice.chance(15) {
                await store.failPushes(Array(repeating: .fail(.status(503, nil)), count: 3))
            }
            // A sync that may die at a failpoint or give up.
            let crashAt: Failpoint? = dice.chance(30) ? Failpoint.allCases[dice.below(3)] : nil
            let options = SyncOptions(pushBatchSize: 1 + dice.below(4), pullPageSize: 1 + dice.below(3),
                                      retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, jitter: 0),
                                      failpointHook: { if $0 == crashAt { throw SimulatedCrash() } })
            do {
                try await SyncEngine(database: f.database, options: options, transport: { _ in store }).sync(org: f.org)
            } catch is SimulatedCrash {
                crashes += 1
            } catch SyncError.storeUnreachable {
                unreachable += 1
            }
            // Conflicts get a side, now or later.
            for conflict in try await f.conflicts() where dice.chance(60) && conflict.remote != nil {
                try await f.engine().resolve(conflictId: conflict.id, keep: dice.chance(50) ? .local : .remote)
            }
        }

        // Settle everything: conflicts resolved, no faults left, sync until nothing moves.
        for _ in 0..<6 {
            for conflict in try await f.conflicts() where conflict.remote != nil {
                try await f.engine().resolve(conflictId: conflict.id, keep: .local)
            }
            try await f.engine(attempts: 10).sync(org: f.org)
        }
        try await f.engine(attempts: 10).sync(org: f.org)

        #expect(crashes + unreachable > 0, "the seed should exercise failures")
        #expect(await store.maxApplications() == 1)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.conflicts().isEmpty)
        #expect(try await f.deadLetters().isEmpty)
        let console = try await f.dump()
        let remote = await store.dump()
        #expect(console == remote)
        #expect(!console.isEmpty)
    }
}
