import Foundation

/// How long a client may take and how many connections one address may hold open: without
/// them, sockets that send half a request and wait (or connect and say nothing) hold a file
/// descriptor each for as long as they like, and a few hundred of them from one machine leave
/// the store unable to accept anyone else, `/health` included (docs/security.md).
public struct ConnectionLimits: Sendable, Hashable {
    /// The time a client has to send a request's head, counted from its first byte, and the
    /// longest it may pause while sending a body the store is waiting to read.
    public var readTimeout: Duration
    /// How long a kept-alive connection may sit without a new request before the store closes
    /// it (also a new connection that sends nothing).
    public var idleTimeout: Duration
    /// The most connections one client address may hold open at once; the next ones are
    /// closed as soon as they are accepted. nil: no cap (behind a reverse proxy, every
    /// connection comes from the proxy, which does this job).
    public var maxConnectionsPerAddress: Int?

    public static let defaultReadTimeoutSeconds = 10
    public static let defaultIdleTimeoutSeconds = 75
    public static let defaultMaxConnectionsPerAddress = 100

    public init(readTimeout: Duration = .seconds(defaultReadTimeoutSeconds),
                idleTimeout: Duration = .seconds(defaultIdleTimeoutSeconds),
                maxConnectionsPerAddress: Int? = defaultMaxConnectionsPerAddress) {
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    public static let standard = ConnectionLimits()
}
