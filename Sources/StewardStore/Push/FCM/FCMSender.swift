import Foundation
import StewardCore

/// Firebase Cloud Messaging's HTTP v1 API: `POST /v1/projects/<id>/messages:send` with an
/// OAuth 2.0 token from the service account, a notification and the message's data.
public struct FCMSender: PushSender {
    let account: FCMServiceAccount
    /// `https://fcm.googleapis.com`, or a stand-in (`--fcm-endpoint`).
    let endpoint: String
    let http: HTTPClient
    let accessToken: FCMAccessToken

    public static let defaultEndpoint = "https://fcm.googleapis.com"

    public init(account: FCMServiceAccount, endpoint: String = defaultEndpoint, http: HTTPClient) throws {
        self.account = account
        self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        self.http = http
        accessToken = try FCMAccessToken(account: account, http: http)
    }

    public func send(_ job: PushJob, now: Date) async -> PushJobOutcome {
        let token: String
        do {
            token = try await accessToken.token(now: now)
        } catch let error as HTTPClientError where error.isTransient {
            return .retry(at: PushRetry.next(after: job.attempts, retryAfter: nil, now: now), reason: error.description)
        } catch {
            return .failed("no FCM access token: \(error)")
        }
        let request = HTTPClientRequest(
            method: "POST", url: "\(endpoint)/v1/projects/\(account.projectId)/messages:send",
            headers: ["Content-Type": "application/json; charset=utf-8"], body: Self.body(job, now: now),
            bearerToken: token)
        do throws(HTTPClientError) {
            let answer = try await http.send(request)
            if answer.status == 401 { await accessToken.discard() }
            return Self.outcome(status: answer.status, body: answer.body, retryAfter: answer.header("retry-after"),
                                attempts: job.attempts, now: now)
        } catch {
            return .noAnswer(error, attempts: job.attempts, now: now)
        }
    }

    /// FCM's answers: 200 sent; UNREGISTERED (404) the token is no more; 401 (a token to
    /// renew), 429 and 5xx later; the rest refused for good.
    static func outcome(status: Int, body: Data, retryAfter: String?, attempts: Int, now: Date) -> PushJobOutcome {
        let code = errorCode(body)
        switch status {
        case 200:
            return .delivered
        case _ where code == "UNREGISTERED":
            return .gone
        case 401, 429, 500..<600:
            return .retry(at: PushRetry.next(after: attempts, retryAfter: retryAfter, now: now),
                          reason: "FCM answered \(status)\(code.map { " \($0)" } ?? "")")
        default:
            return .failed("FCM refused it (\(status)\(code.map { " \($0)" } ?? ""))")
        }
    }

    /// `error.details[].errorCode` (FCM's own), else `error.status`.
    static func errorCode(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let error = object["error"] as? [String: Any] else { return nil }
        for detail in (error["details"] as? [[String: Any]]) ?? [] {
            if let code = detail["errorCode"] as? String { return code }
        }
        return error["status"] as? String
    }

    static func body(_ job: PushJob, now: Date) -> Data {
        let message = job.message
        var data = ["id": message.id]
        data["url"] = message.url
        data["record"] = message.record
        let ttl = max(0, Int(message.expiresAt.timeIntervalSince(now)))
        let object: [String: Any] = ["message": [
            "token": job.target.address,
            "notification": ["title": message.title, "body": message.body],
            "data": data,
            "android": ["collapse_key": WebPushTopic.of(message.id), "ttl": "\(ttl)s",
                        "priority": message.urgency == .high ? "HIGH" : "NORMAL"],
        ]]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
