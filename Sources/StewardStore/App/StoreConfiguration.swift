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
    /// How long a staff member's access token works; the console refreshes it when it expires.
    public var accessTokenTTL: Duration
    /// How long a refresh token may wait to be exchanged: past it, the staff member signs in again.
    public var refreshTokenTTL: Duration
    /// How long after exchanging a refresh token the store accepts the same token once more, as
    /// a console repeating a refresh whose answer it lost (provided the pair it gave is
    /// untouched). Later, it is a theft and ends the session.
    public var refreshRetryGrace: Duration
    /// How failed sign-ins slow down further attempts for the same account.
    public var signInThrottle: SignInThrottle
    /// How failed sign-ins slow down further attempts from the same address, whatever the email.
    public var sourceSignInThrottle: SignInThrottle
    /// Where sign-ins wait for their password check; full, they are answered 429 at once.
    public var passwordQueue: PasswordWorkQueue
    /// Whether the client's address is the last one in `X-Forwarded-For` (behind a reverse
    /// proxy that sets it) rather than the connection's peer.
    public var trustForwardedFor: Bool
    /// The cost of the decoy check for emails nobody has, which must match a real check's.
    public var passwordHasher: PasswordHasher
    /// App members registering from one address within an hour.
    public var registrationsPerHour: Int
    /// Submissions and edits of one member within an hour.
    public var submissionsPerHour: Int
    /// Check-in attempts of one member at one event within 10 minutes: enough for a few typos,
    /// too few to guess a 6-digit code.
    public var checkInAttemptsPer10Minutes: Int
    /// Members' devices and the push services' keys.
    public var push: PushConfiguration
    /// Where media is kept and its limits; nil: the store takes no media (its endpoints answer 404).
    public var media: MediaConfiguration?

    public static let defaultPort = 8420
    public static let defaultMaxBodyBytes = 8 * 1024 * 1024
    public static let defaultRetentionDays = 30
    public static let defaultAccessTokenSeconds = 15 * 60
    public static let defaultRefreshTokenSeconds = 30 * 86_400
    public static let defaultRefreshRetryGraceSeconds = 60

    public init(host: String = "127.0.0.1", port: Int = defaultPort, maxBodyBytes: Int = defaultMaxBodyBytes,
                tombstoneRetention: Duration = .seconds(Int64(defaultRetentionDays) * 86_400),
                purgeInterval: Duration = .seconds(3600),
                accessTokenTTL: Duration = .seconds(defaultAccessTokenSeconds),
                refreshTokenTTL: Duration = .seconds(defaultRefreshTokenSeconds),
                refreshRetryGrace: Duration = .seconds(defaultRefreshRetryGraceSeconds),
                signInThrottle: SignInThrottle = .standard,
                sourceSignInThrottle: SignInThrottle = .perSource,
                passwordQueue: PasswordWorkQueue = PasswordWorkQueue(),
                trustForwardedFor: Bool = false,
                passwordHasher: PasswordHasher = PasswordHasher(),
                registrationsPerHour: Int = 20, submissionsPerHour: Int = 60,
                checkInAttemptsPer10Minutes: Int = 10, push: PushConfiguration = PushConfiguration(),
                media: MediaConfiguration? = nil) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.tombstoneRetention = tombstoneRetention
        self.purgeInterval = purgeInterval
        self.accessTokenTTL = accessTokenTTL
        self.refreshTokenTTL = refreshTokenTTL
        self.refreshRetryGrace = refreshRetryGrace
        self.signInThrottle = signInThrottle
        self.sourceSignInThrottle = sourceSignInThrottle
        self.passwordQueue = passwordQueue
        self.trustForwardedFor = trustForwardedFor
        self.passwordHasher = passwordHasher
        self.registrationsPerHour = registrationsPerHour
        self.submissionsPerHour = submissionsPerHour
        self.checkInAttemptsPer10Minutes = checkInAttemptsPer10Minutes
        self.push = push
        self.media = media
    }
}

extension Duration {
    /// Whole seconds, for date arithmetic.
    var wholeSeconds: TimeInterval { TimeInterval(components.seconds) }
}

extension StoreConfiguration {
    var signInLimits: SignInLimits { SignInLimits(account: signInThrottle, source: sourceSignInThrottle) }
}
