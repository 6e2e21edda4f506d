import Crypto
import Foundation
import Testing
@testable import StewardStore

/// Web Push's encryption and signatures against the RFCs: RFC 8291's worked example byte for
/// byte, a decryption as the browser does it, and VAPID tokens a push service would accept.
@Suite("Web Push encryption and VAPID")
struct WebPushCryptoTests {
    /// RFC 8291, Appendix A.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let userAgentPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let userAgentPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    @Test("RFC 8291's example comes out byte for byte")
    func rfcExample() throws {
        let keys = try WebPushSubscriptionKeys(p256dh: Example.userAgentPublic, auth: Example.auth)
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: try #require(Base64URL.decode(Example.senderPrivate)))
        let body = try WebPushEncryption.encrypt(plaintext: Data(Example.plaintext.utf8), for: keys, senderKey: sender,
                                                 salt: try #require(Base64URL.decode(Example.salt)))
        #expect(Base64URL.encode(body) == Example.body)
    }

    @Test("the subscriber's device decrypts what was sent to it; nobody else does")
    func roundTrip() throws {
        let device = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let keys = try WebPushSubscriptionKeys(p256dh: Base64URL.encode(device.publicKey.x963Representation),
                                               auth: Base64URL.encode(auth))
        let message = Data(#"{"title":"Snow","body":"Service moved to 11:00 because of snow — see you then"}"#.utf8)
        let body = try WebPushEncryption.encrypt(plaintext: message, for: keys)
        #expect(try Self.decrypt(body, with: device, auth: auth) == message)
        #expect(throws: (any Error).self) { try Self.decrypt(body, with: P256.KeyAgreement.PrivateKey(), auth: auth) }
        let another = try WebPushEncryption.encrypt(plaintext: message, for: keys)
        #expect(another.prefix(16) != body.prefix(16), "every message takes a fresh salt")
    }

    @Test("a message too large for push services is refused")
    func tooLarge() throws {
        let device = P256.KeyAgreement.PrivateKey()
        let keys = try WebPushSubscriptionKeys(p256dh: Base64URL.encode(device.publicKey.x963Representation),
                                               auth: Base64URL.encode(Data(repeating: 1, count: 16)))
        let fits = Data(repeating: 0x61, count: 4096 - 86 - 17)
        #expect(try WebPushEncryption.encrypt(plaintext: fits, for: keys).count == 4096)
        #expect(throws: WebPushEncryption.Failure.tooLarge(bytes: 4097)) {
            try WebPushEncryption.encrypt(plaintext: fits + [0x61], for: keys)
        }
    }

    @Test("subscription keys that are no keys are refused, naming which")
    func badKeys() {
        let point = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        #expect(throws: WebPushSubscriptionKeys.Invalid.p256dh) {
            try WebPushSubscriptionKeys(p256dh: Base64URL.encode(Data(repeating: 4, count: 65)), auth: Example.auth)
        }
        #expect(throws: WebPushSubscriptionKeys.Invalid.p256dh) { try WebPushSubscriptionKeys(p256dh: "not base64!", auth: Example.auth) }
        #expect(throws: WebPushSubscriptionKeys.Invalid.auth) {
            try WebPushSubscriptionKeys(p256dh: point, auth: Base64URL.encode(Data(repeating: 1, count: 15)))
        }
    }

    @Test("a VAPID token names the origin, expires within a day, and verifies with the published key")
    func vapid() throws {
        let key = VAPIDKey.generate()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try VAPIDAuthorization.origin(of: "https://push.example.net:8443/x/y") == "https://push.example.net:8443")
        #expect(try VAPIDAuthorization.origin(of: "https://fcm.googleapis.com:443/fcm/send/abc") == "https://fcm.googleapis.com")
        #expect(throws: VAPIDAuthorization.Invalid.self) { try VAPIDAuthorization.origin(of: "http://push.example.net/x") }
        #expect(try VAPIDAuthorization.origin(of: "http://127.0.0.1:9000/p", allowHTTP: true) == "http://127.0.0.1:9000")

        let header = try VAPIDAuthorization.header(key: key, audience: "https://push.example.net", subject: "mailto:office@example.org",
                                                   now: now)
        let match = try #require(header.wholeMatch(of: /vapid t=([^,]+), k=(.+)/))
        #expect(String(match.2) == key.publicKeyBase64URL)
        let parts = match.1.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let headerJSON = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(parts[0]))) as? [String: String]
        #expect(headerJSON == ["typ": "JWT", "alg": "ES256"])
        let claimBytes = try #require(Base64URL.decode(parts[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net")
        #expect(claims["sub"] as? String == "mailto:office@example.org")
        let exp = try #require(claims["exp"] as? Int)
        #expect(exp > Int(now.timeIntervalSince1970) && exp <= Int(now.timeIntervalSince1970) + 86_400)
        let published = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(String(match.2))))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
        #expect(published.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
        #expect(!published.isValidSignature(signature, for: Data("\(parts[0]).x\(parts[1])".utf8)))

        #expect(throws: VAPIDAuthorization.Invalid.self) {
            try VAPIDAuthorization.header(key: key, audience: "https://a.example", subject: "office@example.org", now: now)
        }
        #expect(throws: VAPIDAuthorization.Invalid.validity) {
            try VAPIDAuthorization.header(key: key, audience: "https://a.example", subject: "https://example.org", now: now,
                                          validity: 25 * 3600)
        }
    }

    @Test("a key openssl wrote with its parameters block reads, as one without")
    func opensslKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, arguments) in [("with-params.pem", ["ecparam", "-name", "prime256v1", "-genkey"]),
                                  ("bare.pem", ["ecparam", "-name", "prime256v1", "-genkey", "-noout"])] {
            let path = folder.appendingPathComponent(name).path
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = arguments + ["-out", path]
            try openssl.run()
            openssl.waitUntilExit()
            let key = try VAPIDKey(pemRepresentation: try String(contentsOfFile: path, encoding: .utf8))
            #expect(Base64URL.decode(key.publicKeyBase64URL)?.count == 65, "\(name)")
        }
    }

    @Test("a topic is 32 characters of base64url, the same for the same message")
    func topic() {
        let topic = WebPushTopic.of("announcement:6f1c0c5e-6f4e-4b7b-8e55-6d8b1c0c5e6f")
        #expect(topic.count == 32)
        #expect(topic.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(topic == WebPushTopic.of("announcement:6f1c0c5e-6f4e-4b7b-8e55-6d8b1c0c5e6f"))
        #expect(topic != WebPushTopic.of("announcement:other"))
    }

    /// What a browser does with a push message (RFC 8291 §3.4, RFC 8188 §2), written out here.
    static func decrypt(_ body: Data, with device: P256.KeyAgreement.PrivateKey, auth: Data) throws -> Data {
        let salt = body.prefix(16)
        let idLength = Int(body[body.startIndex + 20])
        let senderPublic = body.subdata(in: (body.startIndex + 21)..<(body.startIndex + 21 + idLength))
        let sealed = body.suffix(from: body.startIndex + 21 + idLength)
        let shared = try device.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: senderPublic))
        let info = Data("WebPush: info".utf8) + [0] + device.publicKey.x963Representation + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
                                         outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0],
                                           outputByteCount: 12).withUnsafeBytes { Data($0) }
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
        let padded = try AES.GCM.open(box, using: cek)
        guard padded.last == 2 else { throw CocoaError(.coderInvalidValue) }
        return padded.dropLast()
    }
}
