import Crypto
import Foundation

/// RFC 8292's `Authorization: vapid t=<JWT>, k=<public key>`: a JWT signed with ES256 that
/// names the push service's origin (`aud`), when it expires (`exp`, at most 24 hours away) and
/// how to reach whoever runs the store (`sub`).
public enum VAPIDAuthorization {
    public enum Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        case subject(String)
        case endpoint(String)
        case validity

        public var description: String {
            switch self {
            case .subject(let subject):
                "\(subject) is not a mailto: or https: address where push services can reach the office"
            case .endpoint(let endpoint):
                "\(endpoint) is not an https:// endpoint"
            case .validity:
                "a VAPID token may be valid for at most 24 hours"
            }
        }
    }

    public static let longestValidity: TimeInterval = 24 * 3600

    /// Throws unless the subject is `mailto:someone@host` or an `https://` address.
    public static func checkSubject(_ subject: String) throws(Invalid) {
        if subject.hasPrefix("mailto:") {
            let address = subject.dropFirst("mailto:".count)
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
                  !address.contains(where: { $0.isWhitespace }) else { throw .subject(subject) }
            return
        }
        guard let parts = URLComponents(string: subject), parts.scheme == "https", let host = parts.host, !host.isEmpty else {
            throw .subject(subject)
        }
    }

    /// `scheme://host[:port]` of an endpoint, the port only when not the scheme's default: the
    /// token's audience. Plain http only when `allowHTTP` (tests, closed networks).
    public static func origin(of endpoint: String, allowHTTP: Bool = false) throws(Invalid) -> String {
        guard let parts = URLComponents(string: endpoint), let scheme = parts.scheme?.lowercased(),
              scheme == "https" || (allowHTTP && scheme == "http"), let host = parts.host?.lowercased(), !host.isEmpty
        else { throw .endpoint(endpoint) }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = parts.port, port != (scheme == "https" ? 443 : 80) {
            return "\(scheme)://\(shownHost):\(port)"
        }
        return "\(scheme)://\(shownHost)"
    }

    /// The header value for requests to `audience` (an origin), valid `validity` from `now`.
    public static func header(key: VAPIDKey, audience: String, subject: String, now: Date,
                              validity: TimeInterval = 12 * 3600) throws -> String {
        guard validity > 0, validity <= longestValidity else { throw Invalid.validity }
        try checkSubject(subject)
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let expiry = Int64(now.timeIntervalSince1970 + validity)
        let claims = try JSONSerialization.data(withJSONObject: ["aud": audience, "exp": expiry, "sub": subject],
                                                options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        let signature = try key.privateKey.signature(for: Data(signingInput.utf8))
        let token = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
        return "vapid t=\(token), k=\(key.publicKeyBase64URL)"
    }
}

/// RFC 8030 §5.4's `Topic`: at most 32 characters of the base64url alphabet. A message's id
/// (any text) becomes one by hashing, so a repeat of the same message replaces the copy still
/// waiting on the push service instead of arriving twice.
public enum WebPushTopic {
    public static func of(_ id: String) -> String {
        String(Base64URL.encode(SHA256.hash(data: Data(id.utf8))).prefix(32))
    }
}
