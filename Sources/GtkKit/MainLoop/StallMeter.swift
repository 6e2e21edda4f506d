import CGtk

/// Measures how long the main loop goes without running: a short high-priority timeout
/// ticks every `interval`, and each tick notes how much later than due it came. A tick can
/// only be late because the loop was busy (a long handler, a slow layout, blocking I/O), which
/// is what a person sees as a frozen window.
///
/// The meter costs a wake-up per interval while it runs, so it only runs when asked: nothing
/// is scheduled until `start()`.
@MainActor
public final class StallMeter {
    /// What the meter has seen since it started (or was reset).
    public struct Figures: Hashable, Sendable {
        /// The longest delay of one tick past its due time, in milliseconds.
        public var longestMilliseconds: Double
        /// Ticks delayed by more than the meter's threshold.
        public var overThreshold: Int
        /// Ticks counted.
        public var ticks: Int

        public init(longestMilliseconds: Double = 0, overThreshold: Int = 0, ticks: Int = 0) {
            self.longestMilliseconds = longestMilliseconds
            self.overThreshold = overThreshold
            self.ticks = ticks
        }

        /// `{"longest_ms":…,"over_50ms":…,"ticks":…}` (the key names the threshold), one
        /// line, for reports a benchmark reads.
        /// `periods`, when given, are the longest stalls of successive periods (`mark()`), as
        /// `"periods_ms":[…]`, so a reader can tell when the stalls came.
        public func json(thresholdMilliseconds: Int, periods: [Double]? = nil) -> String {
            let longest = (longestMilliseconds * 10).rounded() / 10
            let spans = periods.map { ",\"periods_ms\":[" + $0.map { String(($0 * 10).rounded() / 10) }.joined(separator: ",") + "]" } ?? ""
            return "{\"longest_ms\":\(longest),\"over_\(thresholdMilliseconds)ms\":\(overThreshold),\"ticks\":\(ticks)\(spans)}"
        }
    }

    public let intervalMilliseconds: UInt32
    public let thresholdMilliseconds: Int
    public private(set) var figures = Figures()
    /// The longest delay since the last `mark()`.
    private var longestSinceMark: Double = 0
    private var timeout: Timeout?
    /// Monotonic microseconds of the last tick.
    private var lastTick: gint64 = 0

    public init(intervalMilliseconds: UInt32 = 10, thresholdMilliseconds: Int = 50) {
        self.intervalMilliseconds = max(1, intervalMilliseconds)
        self.thresholdMilliseconds = thresholdMilliseconds
    }

    public var isRunning: Bool { timeout?.isActive ?? false }

    /// Starts ticking; figures keep accumulating across stop and start (see `reset`).
    public func start() {
        guard !isRunning else { return }
        lastTick = g_get_monotonic_time()
        timeout = Timeout(every: intervalMilliseconds, priority: .high) { [weak self] in
            self?.tick()
            return self != nil
        }
    }

    public func stop() {
        timeout?.cancel()
        timeout = nil
    }

    /// Forgets what was measured; a running meter measures on from now.
    public func reset() {
        figures = Figures()
        lastTick = g_get_monotonic_time()
    }

    /// Ends a period: its longest stall in milliseconds; the next period starts now.
    public func mark() -> Double {
        defer { longestSinceMark = 0 }
        return longestSinceMark
    }

    private func tick() {
        let now = g_get_monotonic_time()
        let gap = Double(now - lastTick) / 1000
        lastTick = now
        // GLib rounds due times to the millisecond, so a punctual tick may come a hair early.
        let late = max(0, gap - Double(intervalMilliseconds))
        figures.ticks += 1
        if late > figures.longestMilliseconds { figures.longestMilliseconds = late }
        if late > longestSinceMark { longestSinceMark = late }
        if late > Double(thresholdMilliseconds) { figures.overThreshold += 1 }
    }
}
