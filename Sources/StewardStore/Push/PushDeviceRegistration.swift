import Foundation
import StewardCore

/// The body of `POST /v1/orgs/{org}/me/devices`, checked: one platform and what reaches the
/// device on it. Every refusal is a 400 naming the field at fault.
struct PushDeviceRegistration: Sendable, Equatable {
    var platform: PushPlatform
    /// The Web Push endpoint, or the APNs or FCM token (see `PushDevice.address`).
    var address: String
    var p256dh: String?
    var auth: String?

    /// Longer endpoints exist nowhere; a limit keeps the table and the logs sane.
    static let maxEndpointLength = 2048
    static let maxFCMTokenLength = 4096
    /// APNs tokens are 32 bytes today; Apple says they may grow, so up to 100 bytes.
    static let apnsTokenHexLengths = 64...200

    private struct Body: Decodable {
        var platform: String
        var endpoint: String?
        var keys: Keys?
        var token: String?

        struct Keys: Decodable {
            var p256dh: String?
            var auth: String?
        }
    }

    /// `allowHTTP`: whether a Web Push endpoint may be plain http (loopback tests and closed
    /// networks, with `--allow-private-push-endpoints`); the address check is the caller's.
    static func parse(_ data: Data, allowHTTP: Bool) throws -> PushDeviceRegistration {
        let body = try JSONInput.decode(Body.self, from: data)
        guard let platform = PushPlatform(rawValue: body.platform) else {
            throw StoreHTTPError.badRequest(
                "platform: must be one of \(PushPlatform.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch platform {
        case .webpush:
            guard body.token == nil else { throw StoreHTTPError.badRequest("token: is for apns and fcm; webpush gives endpoint and keys") }
            guard let endpoint = body.endpoint else { throw StoreHTTPError.badRequest("endpoint: is required for webpush") }
            try checkEndpoint(endpoint, allowHTTP: allowHTTP)
            guard let p256dh = body.keys?.p256dh else { throw StoreHTTPError.badRequest("keys.p256dh: is required for webpush") }
            guard let auth = body.keys?.auth else { throw StoreHTTPError.badRequest("keys.auth: is required for webpush") }
            do {
                _ = try WebPushSubscriptionKeys(p256dh: p256dh, auth: auth)
            } catch {
                throw StoreHTTPError.badRequest("keys.\(error)")
            }
            return PushDeviceRegistration(platform: .webpush, address: endpoint, p256dh: p256dh, auth: auth)
        case .apns, .fcm:
            guard body.endpoint == nil, body.keys == nil else {
                throw StoreHTTPError.badRequest("endpoint and keys: are for webpush; \(platform.rawValue) gives token")
            }
            guard let token = body.token else { throw StoreHTTPError.badRequest("token: is required for \(platform.rawValue)") }
            return PushDeviceRegistration(platform: platform, address: try checkToken(token, platform: platform))
        }
    }

    /// The endpoint's host, for the address check.
    static func host(ofEndpoint endpoint: String) -> String? {
        URLComponents(string: endpoint)?.host
    }

    private static func checkEndpoint(_ endpoint: String, allowHTTP: Bool) throws {
        guard endpoint.utf8.count <= maxEndpointLength else {
            throw StoreHTTPError.badRequest("endpoint: must be at most \(maxEndpointLength) bytes")
        }
        guard let parts = URLComponents(string: endpoint), let scheme = parts.scheme?.lowercased(),
              let host = parts.host, !host.isEmpty else {
            throw StoreHTTPError.badRequest("endpoint: must be an absolute https:// address")
        }
        guard scheme == "https" || (allowHTTP && scheme == "http") else {
            throw StoreHTTPError.badRequest("endpoint: must be an https:// address (push services are reached over TLS)")
        }
        guard parts.user == nil, parts.password == nil, parts.fragment == nil else {
            throw StoreHTTPError.badRequest("endpoint: must not carry a user name, password or #fragment")
        }
    }

    private static func checkToken(_ token: String, platform: PushPlatform) throws -> String {
        switch platform {
        case .apns:
            let hex = token.lowercased()
            guard apnsTokenHexLengths.contains(hex.count), hex.count.isMultiple(of: 2),
                  hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
                throw StoreHTTPError.badRequest(
                    "token: an APNs device token is \(apnsTokenHexLengths.lowerBound) to \(apnsTokenHexLengths.upperBound) hexadecimal digits")
            }
            return hex
        default:
            guard (1...maxFCMTokenLength).contains(token.utf8.count),
                  token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw StoreHTTPError.badRequest(
                    "token: an FCM registration token is 1 to \(maxFCMTokenLength) visible ASCII characters, without spaces")
            }
            return token
        }
    }
}
