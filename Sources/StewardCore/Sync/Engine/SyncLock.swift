import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One sync per organization at a time, across threads and processes (the window and
/// `stewardctl` share the database): an in-process set of running syncs, plus an flock(2)
/// on a lock file beside a database file.
final class SyncLock: @unchecked Sendable {
    private static let running = RunningSet()
    private let key: String
    private let fileDescriptor: Int32

    private init(key: String, fileDescriptor: Int32) {
        self.key = key
        self.fileDescriptor = fileDescriptor
    }

    /// Waits up to `timeout` seconds for the lock, then throws `SyncError.busy`.
    static func acquire(database: AppDatabase, org: Organization, timeout: Double = 30) async throws -> SyncLock {
        let path = database.writer.path
        let onDisk = !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
        let key = (onDisk ? path : "memory-\(ObjectIdentifier(database).hashValue)") + "#" + org.id.uuidString
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if running.insert(key) {
                guard onDisk else { return SyncLock(key: key, fileDescriptor: -1) }
                let lockPath = path + "-sync-\(org.slug).lock"
                let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                if fd < 0 {
                    running.remove(key)
                    throw SyncError.busy(slug: org.slug)
                }
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { return SyncLock(key: key, fileDescriptor: fd) }
                close(fd)
                running.remove(key)
            }
            if Date() >= deadline { throw SyncError.busy(slug: org.slug) }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    func release() {
        if fileDescriptor >= 0 {
            flock(fileDescriptor, LOCK_UN)
            close(fileDescriptor)
        }
        Self.running.remove(key)
    }

    private final class RunningSet: @unchecked Sendable {
        private let lock = NSLock()
        private var keys: Set<String> = []

        func insert(_ key: String) -> Bool { lock.withLock { keys.insert(key).inserted } }
        func remove(_ key: String) { lock.withLock { _ = keys.remove(key) } }
    }
}
