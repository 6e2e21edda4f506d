import Foundation

/// Work started on a thread of its own that a caller waits for at most so long. Work that
/// cannot be interrupted (a C library's loop) keeps running past the deadline and its result
/// is dropped; it must own everything it touches.
final class DeadlineWork<Value: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Value, Failure>?

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        let thread = Thread { [self] in
            let outcome: Result<Value, Failure>
            do throws(Failure) {
                outcome = .success(try work())
            } catch {
                outcome = .failure(error)
            }
            lock.withLock { result = outcome }
            done.signal()
        }
        // libical's recursion in deep VCALENDAR nesting wants more than a secondary thread's
        // default 512 KiB.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's result, or nil when it has not finished within `seconds`.
    func wait(seconds: TimeInterval) -> Result<Value, Failure>? {
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
        return lock.withLock { result }
    }
}
