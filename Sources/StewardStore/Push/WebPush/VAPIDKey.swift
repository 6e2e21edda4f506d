import Crypto
import Foundation

/// The store's application server key for Web Push (RFC 8292): a P-256 key whose public half
/// apps pass to `subscribe`, and whose private half signs each request's token.
public struct VAPIDKey: Sendable {
    /// The private scalar (32 bytes): the key type itself is not Sendable.
    private let raw: Data
    /// The public key as apps take it: the uncompressed point (65 bytes), base64url.
    public let publicKeyBase64URL: String

    /// From a PEM file's text: "EC PRIVATE KEY" (what `openssl ecparam -genkey` writes) or
    /// "PRIVATE KEY" (PKCS #8).
    public init(pemRepresentation pem: String) throws {
        self.init(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem))
    }

    init(privateKey: P256.Signing.PrivateKey) {
        raw = privateKey.rawRepresentation
        publicKeyBase64URL = Base64URL.encode(privateKey.publicKey.x963Representation)
    }

    var privateKey: P256.Signing.PrivateKey {
        // The bytes came from a valid key.
        get throws { try P256.Signing.PrivateKey(rawRepresentation: raw) }
    }

    /// A new key, for tests.
    public static func generate() -> VAPIDKey { VAPIDKey(privateKey: P256.Signing.PrivateKey()) }

}
