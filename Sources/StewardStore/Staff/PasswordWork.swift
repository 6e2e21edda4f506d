import NIOPosix

/// Where password hashing runs in the server: NIO's blocking-work thread pool. A sign-in
/// spends a few hundred milliseconds of CPU; on an event loop it would stall every connection
/// of that loop, and on Swift's cooperative pool every other request's task.
enum PasswordWork {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}
