/// Thrown when an operation did not finish within its time.
struct DeadlineExceeded: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "no answer within \(limit)" }
}

/// Runs `operation`, giving up after `limit`. The operation is cancelled then, so it must
/// honour cancellation (PostgresNIO's connection lease does) for the call to return on time.
func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw DeadlineExceeded(limit: limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
