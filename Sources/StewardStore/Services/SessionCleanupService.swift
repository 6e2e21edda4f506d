import Foundation
import Logging
import ServiceLifecycle

/// Forgets what can no longer be used, every `interval` while the server runs: sessions signed
/// out or past their last refresh, with their tokens, and failed sign-ins older than the
/// throttles' windows.
struct SessionCleanupService: Service {
    let repository: any StoreRepository
    let limits: SignInLimits
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await repeatUntilShutdown(every: interval) { await cleanUp() }
    }

    func cleanUp(now: Date = Date()) async {
        do {
            let sessions = try await repository.forgetExpiredSessions(now: now, failuresBefore: limits.forgetBefore(now: now))
            if sessions > 0 {
                logger.info("forgot ended sessions", metadata: ["count": "\(sessions)"])
            }
        } catch {
            // The next round tries again; until then the rows only take space.
            logger.warning("session cleanup failed", metadata: ["error": "\(error)"])
        }
    }
}
