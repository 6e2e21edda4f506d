import Crypto
import Foundation
import StewardCore

/// Apple Push Notification service: HTTP/2 only, `POST /3/device/<token>` with the provider
/// token, the app's bundle id as `apns-topic`, and an alert payload.
public struct APNsSender: PushSender {
    public struct Configuration: Sendable {
        /// The .p8 key's text, its id, and the team it belongs to (Apple's developer account).
        public var p8: String
        public var keyId: String
        public var teamId: String
        /// The app's bundle id.
        public var topic: String
        /// `https://api.push.apple.com` (production) or `https://api.sandbox.push.apple.com`.
        public var host: String

        public static let production = "https://api.push.apple.com"

        public init(p8: String, keyId: String, teamId: String, topic: String, host: String = production) {
            self.p8 = p8
            self.keyId = keyId
            self.teamId = teamId
            self.topic = topic
            self.host = host
        }
    }

    let configuration: Configuration
    let http: HTTPClient
    let providerToken: APNsProviderToken

    public init(configuration: Configuration, http: HTTPClient) throws {
        self.configuration = configuration
        self.http = http
        providerToken = try APNsProviderToken(p8: configuration.p8, keyId: configuration.keyId, teamId: configuration.teamId)
    }

    /// APNs' limit for an alert's payload.
    static let maxPayloadBytes = 4096

    public func send(_ job: PushJob, now: Date) async -> PushJobOutcome {
        let payload = Self.payload(job.message)
        guard payload.count <= Self.maxPayloadBytes else { return .failed("the message is larger than APNs takes (4 KB)") }
        let token: String
        do {
            token = try providerToken.token(now: now)
        } catch {
            return .failed("the APNs key cannot sign: \(error)")
        }
        var headers = [
            "authorization": "bearer \(token)",
            "apns-topic": configuration.topic,
            "apns-push-type": "alert",
            "apns-priority": job.message.urgency == .high ? "10" : "5",
            "apns-expiration": String(Int64(job.message.expiresAt.timeIntervalSince1970)),
            // A repeat of the same message replaces the one still waiting for the device.
            "apns-collapse-id": WebPushTopic.of(job.message.id),
            "content-type": "application/json",
        ]
        if job.message.urgency == .veryLow || job.message.urgency == .low { headers["apns-priority"] = "1" }
        let host = configuration.host.hasSuffix("/") ? String(configuration.host.dropLast()) : configuration.host
        let request = HTTPClientRequest(method: "POST", url: "\(host)/3/device/\(job.target.address)", headers: headers,
                                        body: payload, http2Only: true)
        do throws(HTTPClientError) {
            let answer = try await http.send(request)
            let reason = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["reason"] as? String
            if reason == "ExpiredProviderToken" { providerToken.discard() }
            return Self.outcome(status: answer.status, reason: reason, retryAfter: answer.header("retry-after"),
                                attempts: job.attempts, now: now)
        } catch {
            return .noAnswer(error, attempts: job.attempts, now: now)
        }
    }

    /// Apple's answers: 200 sent; 410 (Unregistered) and 400 BadDeviceToken the token is no
    /// more; 403 ExpiredProviderToken, 429 and 5xx later; the rest refused for good.
    static func outcome(status: Int, reason: String?, retryAfter: String?, attempts: Int, now: Date) -> PushJobOutcome {
        switch (status, reason) {
        case (200, _):
            return .delivered
        case (410, _), (400, "BadDeviceToken"):
            return .gone
        case (403, "ExpiredProviderToken"), (429, _), (500..<600, _):
            return .retry(at: PushRetry.next(after: attempts, retryAfter: retryAfter, now: now),
                          reason: "APNs answered \(status)\(reason.map { " \($0)" } ?? "")")
        default:
            return .failed("APNs refused it (\(status)\(reason.map { " \($0)" } ?? ""))")
        }
    }

    static func payload(_ message: PushMessage) -> Data {
        var object: [String: Any] = [
            "aps": ["alert": ["title": message.title, "body": message.body], "sound": "default"],
            "id": message.id,
        ]
        object["url"] = message.url
        object["record"] = message.record
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
