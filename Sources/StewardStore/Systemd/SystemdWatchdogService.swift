import Logging
import ServiceLifecycle

/// The store's health check under systemd: at half the watchdog's timeout it asks the database
/// the same question as `GET /health`, and only when that answers does it tell systemd
/// `WATCHDOG=1`. A store whose database stops answering, or whose process hangs, misses the
/// deadline and systemd restarts it (the unit's `Restart=on-failure`).
public struct SystemdWatchdogService: Service {
    let notifier: SystemdNotifier
    let interval: Duration
    let repository: any StoreRepository
    let logger: Logger

    /// Nil when systemd set no watchdog for this process.
    public init?(notifier: SystemdNotifier, repository: any StoreRepository, logger: Logger) {
        guard notifier.socketPath != nil, let timeout = notifier.watchdogTimeout else { return nil }
        self.notifier = notifier
        self.interval = timeout / 2
        self.repository = repository
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await repository.checkHealth()
                    notifier.notify("WATCHDOG=1")
                } catch {
                    // No ping: if the database is still silent at the deadline, systemd restarts us.
                    logger.error("watchdog: the database does not answer", metadata: ["error": "\(error)"])
                }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
