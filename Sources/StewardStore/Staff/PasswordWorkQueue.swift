import NIOCore
import Synchronization

/// Where sign-ins wait for their password check: at most `maxRunning` sign-ins at once (each
/// check holds a CPU for a few hundred milliseconds), at most `maxWaiting` more in line. A
/// sign-in that finds the line full is answered 429 at once: a flood of guesses then costs the
/// store a bounded amount of CPU and memory, and everyone else's sign-in waits seconds, not
/// minutes.
///
/// The limit is per process; several processes on one PostgreSQL each have their own.
public final class PasswordWorkQueue: Sendable {
    public let maxRunning: Int
    public let maxWaiting: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var checks = 0
    }
    private let state = Mutex(State())
    private enum Admission { case now, wait, full }

    /// The defaults: one sign-in per core (at least two), and a line a few seconds long.
    public init(maxRunning: Int = max(2, System.coreCount), maxWaiting: Int = 32) {
        precondition(maxRunning >= 1 && maxWaiting >= 0)
        self.maxRunning = maxRunning
        self.maxWaiting = maxWaiting
    }

    /// Password checks run so far (tests count them to see what a burst of guesses cost).
    public var checksRun: Int { state.withLock { $0.checks } }

    /// Runs `body` holding a slot, after waiting in line for one; nil, without running it, when
    /// the line is full.
    func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T? {
        let admission: Admission = state.withLock { state in
            if state.running < maxRunning {
                state.running += 1
                return .now
            }
            return state.waiting.count < maxWaiting ? .wait : .full
        }
        switch admission {
        case .full:
            return nil
        case .wait:
            await withCheckedContinuation { continuation in
                // A slot may have freed since the look above: take it rather than wait for
                // a release that will not come.
                let startNow = state.withLock { state in
                    if state.running < maxRunning {
                        state.running += 1
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if startNow { continuation.resume() }
            }
        case .now:
            break
        }
        defer { release() }
        return try await body()
    }

    /// Checks a password on NIO's blocking-work pool (never on an event loop or Swift's
    /// cooperative pool); call it inside `withSlot`.
    func check<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        state.withLock { $0.checks += 1 }
        return try await PasswordWork.run(work)
    }

    /// Hands the slot to the next in line, or frees it.
    private func release() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            // The slot passes straight on: `running` stays the same.
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
