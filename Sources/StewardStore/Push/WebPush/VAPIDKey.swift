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
    /// "PRIVATE KEY" (PKCS #8). The key's block is read on its own: without `-noout` openssl
    /// writes an "EC PARAMETERS" block before it, which swift-crypto does not skip.
    public init(pemRepresentation pem: String) throws {
        self.init(privateKey: try P256.Signing.PrivateKey(pemRepresentation: Self.privateKeyBlock(pem) ?? pem))
    }

    static func privateKeyBlock(_ pem: String) -> String? {
        for label in ["EC PRIVATE KEY", "PRIVATE KEY"] {
            guard let begin = pem.range(of: "-----BEGIN \(label)-----"),
                  let end = pem.range(of: "-----END \(label)-----", range: begin.upperBound..<pem.endIndex) else { continue }
            return String(pem[begin.lowerBound..<end.upperBound])
        }
        return nil
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
