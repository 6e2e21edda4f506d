import Foundation
import Translation

/// What one sync did.
public struct SyncReport: Hashable, Sendable {
    /// Local changes the store applied (including replays it answered `duplicate` for).
    public var pushed = 0
    /// Store records written into local rows.
    public var pulled = 0
    /// Local changes the store refused as conflicts (now waiting in `conflicts list`).
    public var conflicts = 0
    /// Local changes the store can never apply (now dead letters).
    public var rejected = 0
    /// The pull cursor was too old and the whole feed was read again.
    public var resynced = false
    /// Synced records dropped because the full feed no longer has them.
    public var dropped = 0
    /// Records the store did not have (a new store, another one, or one restored from an
    /// older backup), made unsent and sent to it.
    public var resent = 0
    /// Photos, recordings and documents the store now has.
    public var mediaUploaded = 0
    /// Files the store would not take (set aside with its reason).
    public var mediaRefused = 0

    public init() {}

    /// `pushed N, pulled N, conflicts N, rejected N`: what `stewardctl sync` prints.
    /// Files sent or refused come after, only when there were any.
    public var summary: String {
        var text = tr("pushed {pushed}, pulled {pulled}, conflicts {conflicts}, rejected {rejected}",
                      ["pushed": String(pushed), "pulled": String(pulled), "conflicts": String(conflicts),
                       "rejected": String(rejected)])
        if mediaUploaded > 0 || mediaRefused > 0 {
            text += tr(", files uploaded {uploaded}, files refused {refused}",
                       ["uploaded": String(mediaUploaded), "refused": String(mediaRefused)])
        }
        return text
    }
}

/// Exponential backoff for failures that may pass: attempt n (from 1) waits
/// `baseDelay * factor^(n-1)`, capped at `maxDelay`, give or take `jitter` of it.
public struct RetryPolicy: Hashable, Sendable {
    /// Tries per request, the first included.
    public var maxAttempts: Int
    public var baseDelay: Double
    public var factor: Double
    public var maxDelay: Double
    /// The fraction (0...1) by which a delay is randomly lengthened or shortened.
    public var jitter: Double

    public init(maxAttempts: Int = 5, baseDelay: Double = 0.5, factor: Double = 2, maxDelay: Double = 8, jitter: Double = 0.2) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
    }

    /// Seconds to wait after failed attempt `attempt` (1-based).
    public func delay(afterAttempt attempt: Int) -> Double {
        let plain = min(maxDelay, baseDelay * pow(factor, Double(max(0, attempt - 1))))
        guard jitter > 0 else { return plain }
        return max(0, plain * (1 + Double.random(in: -jitter...jitter)))
    }
}

public struct SyncOptions: Sendable {
    /// Mutations given ids and sent per request (the store takes at most 1000).
    public var pushBatchSize: Int
    /// Changes asked for per pull page (the store gives at most 5000).
    public var pullPageSize: Int
    /// Changes asked for per page while reading the whole feed again after 410: as many as the
    /// store gives, so that most organizations resync in one page.
    public var resyncPageSize: Int
    public var retry: RetryPolicy
    public var http: HTTPClientOptions
    /// Called at each failpoint before the environment's check; tests throw from it to stop the
    /// sync there, as a crash would.
    public var failpointHook: (@Sendable (Failpoint) throws -> Void)?
    /// Bytes of a photo or recording sent per request (`MediaUploader`).
    public var mediaChunkBytes: Int = MediaUploader.defaultChunkBytes

    public init(pushBatchSize: Int = 1000, pullPageSize: Int = 1000, resyncPageSize: Int = 5000,
                retry: RetryPolicy = RetryPolicy(), http: HTTPClientOptions = HTTPClientOptions(),
                failpointHook: (@Sendable (Failpoint) throws -> Void)? = nil) {
        self.pushBatchSize = min(max(1, pushBatchSize), 1000)
        self.pullPageSize = min(max(1, pullPageSize), 5000)
        self.resyncPageSize = min(max(1, resyncPageSize), 5000)
        self.retry = retry
        self.http = http
        self.failpointHook = failpointHook
    }

    /// The defaults, with `STEWARD_SYNC_ATTEMPTS`, `STEWARD_SYNC_RETRY_BASE` (seconds) and
    /// `STEWARD_SYNC_TIMEOUT` (seconds, per request) and `STEWARD_SYNC_MEDIA_CHUNK` (bytes) when
    /// set: for scripts and fault tests.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SyncOptions {
        var options = SyncOptions()
        if let attempts = environment["STEWARD_SYNC_ATTEMPTS"].flatMap({ Int($0) }), attempts >= 1 {
            options.retry.maxAttempts = attempts
        }
        if let base = environment["STEWARD_SYNC_RETRY_BASE"].flatMap({ Double($0) }), base >= 0 {
            options.retry.baseDelay = base
        }
        if let timeout = environment["STEWARD_SYNC_TIMEOUT"].flatMap({ Double($0) }), timeout > 0 {
            options.http.totalTimeout = timeout
            options.http.connectTimeout = min(options.http.connectTimeout, timeout)
        }
        // Small chunks let the fault tests stop a sync in the middle of a small file.
        if let chunk = environment["STEWARD_SYNC_MEDIA_CHUNK"].flatMap({ Int($0) }), chunk >= 1 {
            options.mediaChunkBytes = chunk
        }
        return options
    }
}

extension SyncOptions {
    /// For the background sync: requests give up after two tries, so an unreachable store shows
    /// as offline quickly; the background sync retries after growing pauses. The environment applies
    /// as for `fromEnvironment`.
    public static func forBackground(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SyncOptions {
        var options = fromEnvironment(environment)
        if environment["STEWARD_SYNC_ATTEMPTS"] == nil { options.retry.maxAttempts = 2 }
        return options
    }
}

public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The organization has no remote store (`stewardctl remote set`).
    case notConnected(slug: String)
    /// No answer after every retry; nothing local was lost.
    case storeUnreachable(url: String, reason: String)
    /// The store's TLS certificate was refused (unknown CA, wrong host name, unreadable CA file).
    case untrustedCertificate(url: String, reason: String)
    /// Not sent: plain http:// to another computer, which the connection does not allow.
    case insecureConnection(url: String)
    /// 401: the token is wrong or expired.
    case unauthorized(url: String)
    /// 403: the token may not do this (a reader pushing, another organization's token).
    case forbidden(url: String, message: String)
    /// Another refusal the console cannot get past by retrying (400, 404, 413...).
    case refused(url: String, status: Int, message: String)
    /// The store answered something the protocol does not allow.
    case invalidAnswer(url: String, message: String)
    /// Another sync of this organization is running (in this process or another).
    case busy(slug: String)
    case conflictNotFound(Int64)
    /// The store's side of the conflict is not known yet: sync first.
    case remoteSideUnknown(Int64)
    /// The staff member's session is over (signed out, expired, ended elsewhere): sign in again.
    /// The changes made meanwhile are kept and sent after signing in.
    case signedOut(slug: String)
    /// The signed-in staff member's tokens cannot be read or kept on this computer.
    case credentialsUnavailable(reason: String)
    case deadLetterNotFound(Int64)

    public var description: String {
        switch self {
        case .notConnected(let slug):
            tr("{slug} is not connected to a remote store; connect it with `{command}`, or sign in with `{signIn}`",
               ["slug": slug, "command": "stewardctl remote set --org \(slug) --url URL --token-file FILE",
                "signIn": "stewardctl sign-in"])
        case .storeUnreachable(let url, let reason):
            tr("cannot reach the store at {url} ({reason}); your changes are kept and will be sent next time",
               ["url": Self.display(url), "reason": reason])
        case .untrustedCertificate(let url, let reason):
            tr("the certificate of the store at {url} is not trusted: {reason}; check the address, or, if your organization has its own certificate authority, connect again with `{option}` (its CA certificate). Your changes are kept",
               ["url": Self.display(url), "reason": reason, "option": "--ca-file FILE"])
        case .insecureConnection(let url):
            tr("the console will not send a password or token to {url} unencrypted (plain http:// to another computer); connect again with an https:// address, or with `{option}` to accept the risk. Your changes are kept",
               ["url": Self.display(url), "option": "--allow-insecure"])
        case .unauthorized(let url):
            tr("the store at {url} refused the token (401 unauthorized); sign in again, or set a valid token with `{command}`",
               ["url": Self.display(url), "command": "stewardctl remote set"])
        case .forbidden(let url, let message):
            tr("the store at {url} forbids this (403): {message}", ["url": Self.display(url), "message": message])
        case .refused(let url, let status, let message):
            tr("the store at {url} refused the request ({status}): {message}",
               ["url": Self.display(url), "status": String(status), "message": message])
        case .invalidAnswer(let url, let message):
            tr("the store at {url} gave an answer the console cannot use: {message}",
               ["url": Self.display(url), "message": message])
        case .busy(let slug):
            tr("another sync of {slug} is running; try again when it has finished", ["slug": slug])
        case .conflictNotFound(let id):
            tr("no conflict with id {id} (see `{command}`)", ["id": String(id), "command": "stewardctl conflicts list"])
        case .remoteSideUnknown(let id):
            tr("the store's side of conflict {id} is not known yet; run `{command}` first",
               ["id": String(id), "command": "stewardctl sync"])
        case .signedOut(let slug):
            tr("{slug} is signed out of its store; sign in again with `{command}` (your changes are kept)",
               ["slug": slug, "command": "stewardctl sign-in --org \(slug) --url URL --email EMAIL"])
        case .credentialsUnavailable(let reason):
            tr("the sign-in cannot be used: {reason}", ["reason": reason])
        case .deadLetterNotFound(let id):
            tr("no rejected change with id {id} (it may have been discarded or retried already)", ["id": String(id)])
        }
    }

    private static func display(_ url: String) -> String {
        url.hasSuffix("/") ? url : url + "/"
    }
}
