import Foundation
import Testing
@testable import StewardStore

/// What each push service's answer means for a delivery: delivered, the device gone, later, or
/// refused for good.
@Suite("Push service answers")
struct PushServiceAnswerTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func kind(_ outcome: PushJobOutcome) -> String {
        switch outcome {
        case .delivered: "delivered"
        case .gone: "gone"
        case .retry: "retry"
        case .failed: "failed"
        }
    }

    @Test("Web Push (RFC 8030)")
    func webPush() {
        let cases: [(Int, String)] = [(201, "delivered"), (202, "delivered"), (404, "gone"), (410, "gone"), (429, "retry"),
                                      (500, "retry"), (503, "retry"), (400, "failed"), (403, "failed"), (413, "failed")]
        for (status, expected) in cases {
            #expect(Self.kind(WebPushSender.outcome(status: status, retryAfter: nil, body: Data(), attempts: 1, now: Self.now))
                    == expected, "\(status)")
        }
        guard case .retry(let at, _) = WebPushSender.outcome(status: 429, retryAfter: "30", body: Data(), attempts: 1, now: Self.now)
        else { Issue.record("429 is tried again"); return }
        #expect(at == Self.now.addingTimeInterval(30), "Retry-After is honoured")
    }

    @Test("APNs")
    func apns() {
        let cases: [(Int, String?, String)] = [(200, nil, "delivered"), (410, "Unregistered", "gone"), (400, "BadDeviceToken", "gone"),
                                               (400, "DeviceTokenNotForTopic", "failed"), (403, "ExpiredProviderToken", "retry"),
                                               (403, "InvalidProviderToken", "failed"), (429, "TooManyRequests", "retry"),
                                               (503, "ServiceUnavailable", "retry"), (413, "PayloadTooLarge", "failed")]
        for (status, reason, expected) in cases {
            #expect(Self.kind(APNsSender.outcome(status: status, reason: reason, retryAfter: nil, attempts: 1, now: Self.now))
                    == expected, "\(status) \(reason ?? "")")
        }
    }

    @Test("FCM HTTP v1")
    func fcm() {
        func body(_ status: String, _ code: String? = nil) -> Data {
            var error: [String: Any] = ["status": status]
            if let code { error["details"] = [["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": code]] }
            return (try? JSONSerialization.data(withJSONObject: ["error": error])) ?? Data()
        }
        let cases: [(Int, Data, String)] = [(200, Data(), "delivered"), (404, body("NOT_FOUND", "UNREGISTERED"), "gone"),
                                            (400, body("INVALID_ARGUMENT", "INVALID_ARGUMENT"), "failed"),
                                            (401, body("UNAUTHENTICATED"), "retry"), (429, body("RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED"), "retry"),
                                            (503, body("UNAVAILABLE", "UNAVAILABLE"), "retry"), (403, body("PERMISSION_DENIED", "SENDER_ID_MISMATCH"), "failed")]
        for (status, data, expected) in cases {
            #expect(Self.kind(FCMSender.outcome(status: status, body: data, retryAfter: nil, attempts: 1, now: Self.now)) == expected,
                    "\(status)")
        }
    }

    @Test("every platform's payload carries the title, the text and what it opens, within 4 KB")
    func payloads() throws {
        let message = PushMessage(org: "grace", id: "announcement:1", title: "Snow day", body: String(repeating: "é", count: 500),
                                  url: "https://grace.example/snow", sendAt: Self.now, expiresAt: Self.now.addingTimeInterval(3600))
        let apns = try #require(try JSONSerialization.jsonObject(with: APNsSender.payload(message)) as? [String: Any])
        #expect((apns["aps"] as? [String: Any])?["alert"] as? [String: String] == ["title": "Snow day", "body": message.body])
        #expect(apns["url"] as? String == "https://grace.example/snow")
        #expect(APNsSender.payload(message).count < 4096)
        let job = PushJob(message: message, target: PushTarget(deviceId: "d", platform: .fcm, address: "tok"), attempts: 1)
        let fcm = try #require(try JSONSerialization.jsonObject(with: FCMSender.body(job, now: Self.now)) as? [String: Any])
        let sent = try #require(fcm["message"] as? [String: Any])
        #expect(sent["token"] as? String == "tok")
        #expect((sent["data"] as? [String: String])?["url"] == "https://grace.example/snow")
        #expect((sent["android"] as? [String: Any])?["ttl"] as? String == "3600s")
        let web = try #require(try JSONSerialization.jsonObject(with: PushPayload.json(message)) as? [String: String])
        #expect(web == ["id": "announcement:1", "title": "Snow day", "body": message.body, "url": "https://grace.example/snow"])
    }
}
