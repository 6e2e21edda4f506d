import Crypto
import Foundation

/// A Web Push subscription's keys, as the browser gives them (`PushSubscription.getKey`): the
/// user agent's P-256 public key and its 16-byte authentication secret, both base64url.
public struct WebPushSubscriptionKeys: Sendable {
    /// The uncompressed point (65 bytes), checked to be on the curve. Kept as bytes: the key
    /// type is not Sendable.
    public let publicKeyBytes: Data
    public let authSecret: Data

    var publicKey: P256.KeyAgreement.PublicKey {
        get throws { try P256.KeyAgreement.PublicKey(x963Representation: publicKeyBytes) }
    }

    public enum Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        case p256dh
        case auth

        public var description: String {
            switch self {
            case .p256dh: "p256dh: must be a P-256 public key of 65 bytes (an uncompressed point), base64url"
            case .auth: "auth: must be 16 bytes, base64url"
            }
        }
    }

    public init(p256dh: String, auth: String) throws(Invalid) {
        guard let point = Base64URL.decode(p256dh), point.count == 65, point.first == 0x04,
              (try? P256.KeyAgreement.PublicKey(x963Representation: point)) != nil else { throw .p256dh }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else { throw .auth }
        publicKeyBytes = point
        authSecret = secret
    }
}
