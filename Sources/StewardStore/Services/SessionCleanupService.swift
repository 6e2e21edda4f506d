import Foundation
import Logging
import ServiceLifecycle

/// Forgets what can no longer be used, every `interval` while the server runs: sessions signed
/// out or past their last refresh, with their tokens, failed sign-ins older than the
/// throttles' windows, and the limits' ended windows (`AttemptLimit`).
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
        do {
            let windows = try await repository.forgetEndedAttemptWindows(now: now)
            if windows > 0 {
                logger.debug("forgot ended limit windows", metadata: ["count": "\(windows)"])
            }
        } catch {
            logger.warning("limit window cleanup failed", metadata: ["error": "\(error)"])
        }
    }
}
