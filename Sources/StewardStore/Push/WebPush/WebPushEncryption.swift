import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188): an
/// ephemeral P-256 key agreed with the subscription's key, mixed with its auth secret through
/// HKDF, gives the content key and nonce; the body is one record. Only the subscriber's device
/// can read it; the push service carries bytes.
public enum WebPushEncryption {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int)

        public var description: String {
            switch self {
            case .tooLarge(let bytes):
                "the encrypted message would be \(bytes) bytes; push services take at most \(WebPushEncryption.maxBodyBytes)"
            }
        }
    }

    /// RFC 8030 §7.2: a push service must accept at least 4,096 bytes of payload.
    public static let maxBodyBytes = 4096

    public static func encrypt(plaintext: Data, for keys: WebPushSubscriptionKeys) throws -> Data {
        var salt = Data(count: 16)
        salt.withUnsafeMutableBytes { raw in
            var generator = SystemRandomNumberGenerator()
            for index in raw.indices { raw[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        return try encrypt(plaintext: plaintext, for: keys, senderKey: P256.KeyAgreement.PrivateKey(), salt: salt)
    }

    /// With the sender's ephemeral key and salt given: RFC 8291's example is reproduced byte
    /// for byte in the tests this way. Never reuse either for a real message.
    static func encrypt(plaintext: Data, for keys: WebPushSubscriptionKeys, senderKey: P256.KeyAgreement.PrivateKey,
                        salt: Data) throws -> Data {
        let headerLength = 16 + 4 + 1 + 65
        // The plaintext, its 0x02 delimiter (last record) and the 16-byte tag.
        let bodyLength = headerLength + plaintext.count + 1 + 16
        guard bodyLength <= maxBodyBytes else { throw Failure.tooLarge(bytes: bodyLength) }

        let userAgentPublic = keys.publicKeyBytes
        let senderPublic = senderKey.publicKey.x963Representation
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: try keys.publicKey)
        // RFC 8291 §3.3: IKM = HKDF(salt = auth secret, ikm = ECDH secret,
        //                           info = "WebPush: info" || 0x00 || ua_public || as_public, 32)
        let keyInfo = Data("WebPush: info".utf8) + [0] + userAgentPublic + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: keys.authSecret, sharedInfo: keyInfo,
                                                      outputByteCount: 32)
        // RFC 8188 §2.2: CEK and NONCE from PRK = HKDF-Extract(salt, IKM).
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
            .withUnsafeBytes { Data($0) }
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonceBytes))

        var body = Data(capacity: bodyLength)
        body.append(salt)
        let recordSize = UInt32(maxBodyBytes)
        body.append(contentsOf: withUnsafeBytes(of: recordSize.bigEndian) { Array($0) })
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }
}
