import Foundation

/// Waiting for a child process without holding a thread. Swift Testing runs tests on the
/// cooperative pool, which has one thread per core: a test blocked in `waitUntilExit()` takes a
/// whole thread away from every other test, and on a two-core machine two of them stop the
/// rest (a store test's 30-second database deadline then passes while its answer waits to run).
public enum ChildProcess {
    /// Starts `process` and returns its exit status once it has ended.
    public static func run(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { ended in
                continuation.resume(returning: ended.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
