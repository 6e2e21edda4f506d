import NIOCore
import Synchronization

/// Where sign-ins wait for their password check: at most `maxRunning` sign-ins at once (each
/// check holds a CPU for a few hundred milliseconds), at most `maxWaiting` more in line, and
/// `reservedWaiting` places more kept for sign-ins to accounts that exist. A sign-in that finds
/// no place is answered 429 at once: a flood of guesses then costs the store a bounded amount of
/// CPU and memory, and everyone else's sign-in waits seconds, not minutes.
///
/// A flood of sign-ins with made-up emails (each checked against a decoy hash, as slow as a
/// real one) fills the line; the reserved places, and being let in first, keep sign-ins to the
/// organization's real accounts going meanwhile: the made-up ones are shed first.
///
/// The limit is per process, like the CPU it shares out; several processes on one PostgreSQL
/// each have their own.
public final class PasswordWorkQueue: Sendable {
    public let maxRunning: Int
    public let maxWaiting: Int
    public let reservedWaiting: Int

    /// Whose password is to be checked, as far as the store knows before checking it.
    enum Standing: Sendable {
        /// An account of the organization (the email exists there): may take a reserved place,
        /// and goes before the others.
        case knownAccount
        /// An email nobody has, or a new password being hashed (registering).
        case other
    }

    private struct State {
        var running = 0
        /// Waiting sign-ins to known accounts, then the others: each resumed with true when it
        /// is handed a slot.
        var known: [CheckedContinuation<Bool, Never>] = []
        var others: [CheckedContinuation<Bool, Never>] = []
        var checks = 0

        var waiting: Int { known.count + others.count }
    }
    private let state = Mutex(State())

    /// The defaults: one sign-in per core (at least two), a line a few seconds long, and half
    /// as many places again kept for the organization's real accounts.
    public init(maxRunning: Int = max(2, System.coreCount), maxWaiting: Int = 32, reservedWaiting: Int = 16) {
        precondition(maxRunning >= 1 && maxWaiting >= 0 && reservedWaiting >= 0)
        self.maxRunning = maxRunning
        self.maxWaiting = maxWaiting
        self.reservedWaiting = reservedWaiting
    }

    /// Password checks run so far (tests count them to see what a burst of guesses cost).
    public var checksRun: Int { state.withLock { $0.checks } }

    /// Sign-ins waiting in line now (tests wait for a line to form).
    public var waitingCount: Int { state.withLock { $0.waiting } }

    /// Runs `body` holding a slot, after waiting in line for one; nil, without running it, when
    /// there is no place in line for `standing`.
    func withSlot<T: Sendable>(_ standing: Standing = .other, _ body: () async throws -> T) async throws -> T? {
        let admitted: Bool = await withCheckedContinuation { continuation in
            // Decided and queued under one lock, so a slot freed meanwhile is taken at once
            // rather than waited for.
            let now: Bool? = state.withLock { state in
                if state.running < maxRunning {
                    state.running += 1
                    return true
                }
                switch standing {
                case .other where state.waiting < maxWaiting:
                    state.others.append(continuation)
                case .knownAccount where state.waiting < maxWaiting + reservedWaiting:
                    state.known.append(continuation)
                default:
                    return false
                }
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
        guard admitted else { return nil }
        defer { release() }
        return try await body()
    }

    /// Checks a password on NIO's blocking-work pool (never on an event loop or Swift's
    /// cooperative pool); call it inside `withSlot`.
    func check<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        state.withLock { $0.checks += 1 }
        return try await PasswordWork.run(work)
    }

    /// Hands the slot to the next in line, known accounts first, or frees it.
    private func release() {
        let next: CheckedContinuation<Bool, Never>? = state.withLock { state in
            // The slot passes straight on: `running` stays the same.
            if !state.known.isEmpty { return state.known.removeFirst() }
            if !state.others.isEmpty { return state.others.removeFirst() }
            state.running -= 1
            return nil
        }
        next?.resume(returning: true)
    }
}
