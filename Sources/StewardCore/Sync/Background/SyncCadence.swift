import Foundation

/// When the background sync runs: shortly after edits, on a timer, and again and again while
/// the store cannot be reached.
public struct SyncCadence: Hashable, Sendable {
    /// Quiet time after the last edit before syncing (more edits push it back).
    public var debounce: TimeInterval
    /// Time between syncs when nothing else asks for one.
    public var interval: TimeInterval
    /// The first retry after the store could not be reached; each further one waits twice as
    /// long, up to `maxRetryDelay`.
    public var firstRetryDelay: TimeInterval
    public var maxRetryDelay: TimeInterval
    /// Whether the timer syncs every `interval`; when false, only edits and Sync Now do.
    public var isPeriodic: Bool
    /// Whether edits start a sync once they pause; when false, they wait for the timer or Sync Now.
    public var syncsAfterEdits: Bool

    public init(debounce: TimeInterval = 2, interval: TimeInterval = 180, firstRetryDelay: TimeInterval = 2,
                maxRetryDelay: TimeInterval = 60, isPeriodic: Bool = true, syncsAfterEdits: Bool = true) {
        self.debounce = max(0, debounce)
        self.interval = max(0.01, interval)
        self.firstRetryDelay = max(0.01, firstRetryDelay)
        self.maxRetryDelay = max(self.firstRetryDelay, maxRetryDelay)
        self.isPeriodic = isPeriodic
        self.syncsAfterEdits = syncsAfterEdits
    }

    /// The defaults with what staff chose in Preferences.
    public init(_ timing: SyncTiming) {
        self.init(interval: TimeInterval(max(1, timing.intervalMinutes) * 60),
                  isPeriodic: timing.intervalMinutes > 0, syncsAfterEdits: timing.syncsAfterEdits)
    }

    /// The wait before retry number `attempt` (1 for the first retry).
    public func retryDelay(attempt: Int) -> TimeInterval {
        min(maxRetryDelay, firstRetryDelay * pow(2, Double(max(0, attempt - 1))))
    }

    /// The defaults, with `STEWARD_SYNC_INTERVAL` (seconds), `STEWARD_SYNC_DEBOUNCE`
    /// (milliseconds) and `STEWARD_SYNC_RETRY_MAX` (seconds) when set: for tests and scripts.
    /// They win over `base` (what staff chose), so a test's timing holds whatever the settings say.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       base: SyncCadence = SyncCadence()) -> SyncCadence {
        var cadence = base
        if let seconds = environment["STEWARD_SYNC_INTERVAL"].flatMap(Double.init), seconds > 0 {
            cadence.interval = seconds
            cadence.isPeriodic = true
        }
        if let millis = environment["STEWARD_SYNC_DEBOUNCE"].flatMap(Double.init), millis >= 0 {
            cadence.debounce = millis / 1000
        }
        if let seconds = environment["STEWARD_SYNC_RETRY_MAX"].flatMap(Double.init), seconds > 0 {
            cadence.maxRetryDelay = seconds
            cadence.firstRetryDelay = min(cadence.firstRetryDelay, seconds)
        }
        return cadence
    }
}

/// How often the background sync runs, as staff choose it in Preferences.
public struct SyncTiming: Hashable, Sendable {
    /// Minutes between syncs; 0: only when asked (Sync Now) or after edits.
    public var intervalMinutes: Int
    /// Whether a sync follows shortly after each change.
    public var syncsAfterEdits: Bool

    public init(intervalMinutes: Int = 3, syncsAfterEdits: Bool = true) {
        self.intervalMinutes = max(0, intervalMinutes)
        self.syncsAfterEdits = syncsAfterEdits
    }

    /// The intervals Preferences offers, in minutes (0: never on a timer).
    public static let intervalChoices = [1, 3, 5, 15, 60, 0]
}
