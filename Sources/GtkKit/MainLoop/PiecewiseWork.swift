import Foundation

/// A long job on the main loop done a piece at a time: each turn runs pieces until `budget`
/// seconds have passed, then lets the loop draw and answer input before the next turn. How many
/// pieces fit a turn follows from the machine's speed and load, not from a guessed chunk size,
/// so no turn holds the loop for much longer than a frame (steward-bench --schedule-stall).
@MainActor
public final class PiecewiseWork {
    private var next = 0
    private let count: Int
    private let budget: TimeInterval
    private let piece: @MainActor (Int) -> Void
    private var timeout: Timeout?

    /// Calls `piece` with 0..<count in order: the first turn now, the rest at low priority
    /// (after drawing). Dropping the object or `cancel()` stops it.
    public init(count: Int, budget: TimeInterval = 0.008, _ piece: @escaping @MainActor (Int) -> Void) {
        self.count = count
        self.budget = budget
        self.piece = piece
        if turn() {
            timeout = Timeout(every: 1, priority: .low) { [weak self] in self?.turn() ?? false }
        }
    }

    /// True while pieces are left.
    public var isRunning: Bool { next < count }

    public func cancel() {
        timeout?.cancel()
        next = count
    }

    /// Runs pieces until the budget is spent (at least one); false when none are left.
    private func turn() -> Bool {
        let started = ProcessInfo.processInfo.systemUptime
        while next < count {
            piece(next)
            next += 1
            if ProcessInfo.processInfo.systemUptime - started >= budget { break }
        }
        return next < count
    }

    isolated deinit {
        timeout?.cancel()
    }
}
