import Foundation

/// How `steward-store serve` runs: where it listens and the limits it enforces.
public struct StoreConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for a free port; the listening line tells which.
    public var port: Int
    /// Largest request body accepted, on the wire and after gzip decompression.
    public var maxBodyBytes: Int
    /// How long tombstones stay in the feed before the purge may remove them.
    public var tombstoneRetention: Duration
    /// How often the server purges tombstones past retention by itself.
    public var purgeInterval: Duration

    public static let defaultPort = 8420
    public static let defaultMaxBodyBytes = 8 * 1024 * 1024
    public static let defaultRetentionDays = 30

    public init(host: String = "127.0.0.1", port: Int = defaultPort, maxBodyBytes: Int = defaultMaxBodyBytes,
                tombstoneRetention: Duration = .seconds(Int64(defaultRetentionDays) * 86_400),
                purgeInterval: Duration = .seconds(3600)) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.tombstoneRetention = tombstoneRetention
        self.purgeInterval = purgeInterval
    }
}

extension Duration {
    /// Whole seconds, for date arithmetic.
    var wholeSeconds: TimeInterval { TimeInterval(components.seconds) }
}
