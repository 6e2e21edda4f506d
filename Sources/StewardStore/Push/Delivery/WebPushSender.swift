import Foundation
import StewardCore

/// Web Push (RFC 8030): the payload encrypted for the subscription (RFC 8291), the request
/// signed with the store's VAPID key (RFC 8292), POSTed to the subscription's endpoint.
public struct WebPushSender: PushSender {
    let vapid: VAPIDIdentity
    let http: HTTPClient
    /// Whether endpoints on internal addresses (and plain http) are allowed: tests and closed
    /// networks only (`--allow-private-push-endpoints`).
    let allowPrivateEndpoints: Bool
    let authorizations: VAPIDAuthorizationCache

    public init(vapid: VAPIDIdentity, http: HTTPClient, allowPrivateEndpoints: Bool) {
        self.vapid = vapid
        self.http = http
        self.allowPrivateEndpoints = allowPrivateEndpoints
        self.authorizations = VAPIDAuthorizationCache(vapid: vapid, allowHTTP: allowPrivateEndpoints)
    }

    public func send(_ job: PushJob, now: Date) async -> PushJobOutcome {
        guard let p256dh = job.target.p256dh, let auth = job.target.auth,
              let keys = try? WebPushSubscriptionKeys(p256dh: p256dh, auth: auth) else {
            return .failed("the subscription's keys are unusable")
        }
        let body: Data
        do {
            body = try WebPushEncryption.encrypt(plaintext: PushPayload.json(job.message), for: keys)
        } catch {
            return .failed("the message cannot be encrypted: \(error)")
        }
        let authorization: String
        do {
            authorization = try authorizations.header(for: job.target.address, now: now)
        } catch {
            return .failed("the endpoint cannot be signed for: \(error)")
        }
        let timeToLive = max(0, Int(job.message.expiresAt.timeIntervalSince(now)))
        let request = HTTPClientRequest(
            method: "POST", url: job.target.address,
            headers: ["Content-Type": "application/octet-stream", "Content-Encoding": "aes128gcm",
                      "TTL": String(timeToLive), "Urgency": job.message.urgency.rawValue,
                      // A repeat of the same message replaces the one still waiting on the push service.
                      "Topic": WebPushTopic.of(job.message.id), "Authorization": authorization],
            body: body, security: TransportSecurity(allowInsecure: allowPrivateEndpoints),
            publicAddressesOnly: !allowPrivateEndpoints)
        do throws(HTTPClientError) {
            let answer = try await http.send(request)
            return Self.outcome(status: answer.status, retryAfter: answer.header("retry-after"), body: answer.body,
                                attempts: job.attempts, now: now)
        } catch {
            return .noAnswer(error, attempts: job.attempts, now: now)
        }
    }

    /// RFC 8030 and the services' own answers: 201 (and any 2xx) accepted; 404 and 410 the
    /// subscription is gone; 429 and 5xx later; the rest refused for good.
    static func outcome(status: Int, retryAfter: String?, body: Data, attempts: Int, now: Date) -> PushJobOutcome {
        switch status {
        case 200..<300:
            return .delivered
        case 404, 410:
            return .gone
        case 429, 500..<600:
            return .retry(at: PushRetry.next(after: attempts, retryAfter: retryAfter, now: now),
                          reason: "the push service answered \(status)")
        default:
            let detail = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failed("the push service refused it (\(status)\(detail.isEmpty ? "" : ": \(detail)"))")
        }
    }
}

/// VAPID authorizations reused per push service origin for an hour (RFC 8292 lets a token
/// serve until it expires), so 10,000 devices on one service cost one signature, not 10,000.
final class VAPIDAuthorizationCache: @unchecked Sendable {
    private let vapid: VAPIDIdentity
    private let allowHTTP: Bool
    private let lock = NSLock()
    private var byOrigin: [String: (header: String, renewAt: Date)] = [:]
    static let reuse: TimeInterval = 3600
    static let validity: TimeInterval = 12 * 3600

    init(vapid: VAPIDIdentity, allowHTTP: Bool) {
        self.vapid = vapid
        self.allowHTTP = allowHTTP
    }

    func header(for endpoint: String, now: Date) throws -> String {
        let origin = try VAPIDAuthorization.origin(of: endpoint, allowHTTP: allowHTTP)
        if let cached = lock.withLock({ byOrigin[origin] }), cached.renewAt > now { return cached.header }
        let header = try VAPIDAuthorization.header(key: vapid.key, audience: origin, subject: vapid.subject, now: now,
                                                   validity: Self.validity)
        lock.withLock { byOrigin[origin] = (header, now.addingTimeInterval(Self.reuse)) }
        return header
    }
}
