import Crypto
import Foundation

/// APNs' provider token: an ES256 JWT (`kid` the key's id, `iss` the team, `iat` its time)
/// signed with the .p8 key Apple gives. Apple refuses tokens older than an hour and throttles
/// ones renewed more often than every 20 minutes, so one is kept for 50 minutes.
final class APNsProviderToken: @unchecked Sendable {
    let keyId: String
    let teamId: String
    /// The key's private scalar: the key type itself is not Sendable.
    private let key: Data
    private let lock = NSLock()
    private var current: (token: String, madeAt: Date)?
    static let reuse: TimeInterval = 50 * 60

    /// From the .p8 file's text (PKCS #8 PEM, P-256).
    init(p8: String, keyId: String, teamId: String) throws {
        key = try P256.Signing.PrivateKey(pemRepresentation: p8).rawRepresentation
        self.keyId = keyId
        self.teamId = teamId
    }

    func token(now: Date) throws -> String {
        if let current = lock.withLock({ current }), now.timeIntervalSince(current.madeAt) < Self.reuse, now >= current.madeAt {
            return current.token
        }
        let made = try make(now: now)
        lock.withLock { current = (made, now) }
        return made
    }

    /// The next request makes a new token (APNs answered ExpiredProviderToken).
    func discard() { lock.withLock { current = nil } }

    private func make(now: Date) throws -> String {
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": keyId], options: [.sortedKeys])
        let claims = try JSONSerialization.data(withJSONObject: ["iss": teamId, "iat": Int64(now.timeIntervalSince1970)],
                                                options: [.sortedKeys])
        let input = Base64URL.encode(header) + "." + Base64URL.encode(claims)
        let signature = try P256.Signing.PrivateKey(rawRepresentation: key).signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
