import Foundation

/// When the background sync runs: shortly after edits, on a timer, and again and again while
/// the store cannot be reached.
public struct SyncSchedule: Hashable, Sendable {
    /// Quiet time after the last edit before syncing (more edits push it back).
    public var debounce: TimeInterval
    /// Time between syncs when nothing else asks for one.
    public var interval: TimeInterval
    /// The first retry after the store could not be reached; each further one waits twice as
    /// long, up to `maxRetryDelay`.
    public var firstRetryDelay: TimeInterval
    public var maxRetryDelay: TimeInterval

    public init(debounce: TimeInterval = 2, interval: TimeInterval = 180, firstRetryDelay: TimeInterval = 2,
                maxRetryDelay: TimeInterval = 60) {
        self.debounce = max(0, debounce)
        self.interval = max(0.01, interval)
        self.firstRetryDelay = max(0.01, firstRetryDelay)
        self.maxRetryDelay = max(self.firstRetryDelay, maxRetryDelay)
    }

    /// The wait before retry number `attempt` (1 for the first retry).
    public func retryDelay(attempt: Int) -> TimeInterval {
        min(maxRetryDelay, firstRetryDelay * pow(2, Double(max(0, attempt - 1))))
    }

    /// The defaults, with `STEWARD_SYNC_INTERVAL` (seconds), `STEWARD_SYNC_DEBOUNCE`
    /// (milliseconds) and `STEWARD_SYNC_RETRY_MAX` (seconds) when set: for tests and scripts.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SyncSchedule {
        var schedule = SyncSchedule()
        if let seconds = environment["STEWARD_SYNC_INTERVAL"].flatMap(Double.init), seconds > 0 {
            schedule.interval = seconds
        }
        if let millis = environment["STEWARD_SYNC_DEBOUNCE"].flatMap(Double.init), millis >= 0 {
            schedule.debounce = millis / 1000
        }
        if let seconds = environment["STEWARD_SYNC_RETRY_MAX"].flatMap(Double.init), seconds > 0 {
            schedule.maxRetryDelay = seconds
            schedule.firstRetryDelay = min(schedule.firstRetryDelay, seconds)
        }
        return schedule
    }
}
