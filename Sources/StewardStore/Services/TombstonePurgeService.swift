import Foundation
import Logging
import ServiceLifecycle

/// Purges tombstones past retention for every organization every `interval`, for as long as
/// the server runs (`steward-store purge` does the same on demand), and the delivery queue's
/// messages done as long ago (their reports stay in the records).
struct TombstonePurgeService: Service {
    let repository: any StoreRepository
    let retention: Duration
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await repeatUntilShutdown(every: interval) { await purgeAll() }
    }

    func purgeAll() async {
        do {
            let cutoff = Date().addingTimeInterval(-retention.wholeSeconds)
            for slug in try await repository.orgSlugs() {
                let outcome = try await repository.purgeTombstones(org: slug, olderThan: cutoff)
                if outcome.purgedCount > 0 {
                    logger.info("purged tombstones", metadata: [
                        "org": "\(slug)", "count": "\(outcome.purgedCount)", "through": "\(outcome.purgedThroughSeq)",
                    ])
                }
            }
            let deliveries = try await repository.purgeDonePushMessages(sentBefore: cutoff, org: nil)
            if deliveries > 0 { logger.info("purged sent notifications", metadata: ["count": "\(deliveries)"]) }
        } catch {
            // Next round will try again; a purge that does not run only keeps data longer.
            logger.warning("tombstone purge failed", metadata: ["error": "\(error)"])
        }
    }
}
