import Foundation
import StewardCore

/// Delivers one job to its platform's push service and says what became of it. One per
/// platform (Web Push, APNs, FCM), each sending the way its service requires.
public protocol PushSender: Sendable {
    func send(_ job: PushJob, now: Date) async -> PushJobOutcome
}

/// The senders the store has keys for; a platform without one fails its jobs with a reason
/// that says which option is missing.
public struct PushSenders: Sendable {
    public var webPush: (any PushSender)?
    public var apns: (any PushSender)?
    public var fcm: (any PushSender)?

    public init(webPush: (any PushSender)? = nil, apns: (any PushSender)? = nil, fcm: (any PushSender)? = nil) {
        self.webPush = webPush
        self.apns = apns
        self.fcm = fcm
    }

    func sender(for platform: PushPlatform) -> (any PushSender)? {
        switch platform {
        case .webpush: webPush
        case .apns: apns
        case .fcm: fcm
        }
    }

    static func missing(_ platform: PushPlatform) -> String {
        switch platform {
        case .webpush: "the store sends no Web Push: start it with --vapid-key-file and --vapid-subject"
        case .apns: "the store sends nothing to Apple devices: start it with --apns-key-file and the other --apns options"
        case .fcm: "the store sends nothing through FCM: start it with --fcm-service-account"
        }
    }
}

/// What a notification carries to the app, the same on every platform: its title and text,
/// and what it opens (a web address or a record), with the message's id so the app can tell a
/// repeat from a new one.
public enum PushPayload {
    public static func json(_ message: PushMessage) -> Data {
        var object: [String: String] = ["id": message.id, "title": message.title, "body": message.body]
        object["url"] = message.url
        object["record"] = message.record
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)) ?? Data()
    }
}

extension PushJobOutcome {
    /// A request that got no answer: tried again later when that may pass (no connection, a
    /// timeout, a dropped connection), failed otherwise. Every platform's sender ends so.
    static func noAnswer(_ error: HTTPClientError, attempts: Int, now: Date) -> PushJobOutcome {
        guard error.isTransient else { return .failed(error.description) }
        return .retry(at: PushRetry.next(after: attempts, retryAfter: nil, now: now), reason: error.description)
    }
}

/// When to try again after a try that may pass later: the service's Retry-After when it gave
/// one (capped), else a growing wait with jitter so a crowd of retries does not arrive at once.
public enum PushRetry {
    static let firstWait: TimeInterval = 5
    static let longestWait: TimeInterval = 3600

    public static func next(after attempts: Int, retryAfter: String?, now: Date) -> Date {
        if let retryAfter, let seconds = TimeInterval(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return now.addingTimeInterval(min(seconds, longestWait))
        }
        let exponent = Double(min(max(attempts - 1, 0), 10))
        let wait = min(firstWait * pow(2, exponent), longestWait)
        return now.addingTimeInterval(wait * Double.random(in: 0.8...1.2))
    }
}

extension PushSenders {
    /// The senders the configuration has keys for, sharing one HTTP client (and so its
    /// connections to each push service). Throws when a key cannot be read.
    public static func configured(_ configuration: PushConfiguration) throws -> PushSenders {
        let http = HTTPClient(options: HTTPClientOptions(connectTimeout: 10, totalTimeout: 30, maxResponseBytes: 64 * 1024,
                                                         userAgent: "steward-store"))
        return PushSenders(
            webPush: configuration.vapid.map {
                WebPushSender(vapid: $0, http: http, allowPrivateEndpoints: configuration.allowPrivateEndpoints)
            },
            apns: try configuration.apns.map { try APNsSender(configuration: $0, http: http) },
            fcm: try configuration.fcm.map { try FCMSender(account: $0.account, endpoint: $0.endpoint, http: http) })
    }
}
