import Synchronization

/// Thrown when an operation did not finish within its time.
struct DeadlineExceeded: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "no answer within \(limit)" }
}

/// Runs `operation`, giving up after `limit` (or when the caller is cancelled).
///
/// Deliberately not a task group: a group waits for every child before it returns, and an
/// operation stuck on a dead database connection may never notice its cancellation. Here
/// the caller is answered at the deadline; the operation is cancelled and left to finish (or
/// not) on its own.
func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = FirstOutcome<T>()
    let work = Task { outcome.settle(await Result(catching: operation)) }
    let timer = Task {
        try await Task.sleep(for: limit)
        outcome.settle(.failure(DeadlineExceeded(limit: limit)))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        outcome.settle(.failure(CancellationError()))
    }
}

/// The first of several results to arrive, delivered once to one waiter.
private final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiter: CheckedContinuation<T, any Error>?
    }
    private let state = Mutex(State())

    func settle(_ result: Result<T, any Error>) {
        let waiter: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<T, any Error>? = state.withLock { state in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
