import _CryptoExtras
import Crypto
import Foundation
import StewardCore

/// OAuth 2.0 access tokens for FCM HTTP v1, from the service account (RFC 7523: an RS256 JWT
/// assertion exchanged at the account's token address), kept until five minutes before they
/// expire. Deliveries running at once wait for the one request for a token, not one each.
actor FCMAccessToken {
    enum Failure: Error, CustomStringConvertible {
        case refused(Int, String)
        case unreadable

        var description: String {
            switch self {
            case .refused(let status, let body): "the token service refused the service account (\(status): \(body))"
            case .unreadable: "the token service's answer has no access_token"
            }
        }
    }

    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    let account: FCMServiceAccount
    let http: HTTPClient
    private var current: (token: String, until: Date)?
    private var asking: Task<(token: String, until: Date), any Error>?

    init(account: FCMServiceAccount, http: HTTPClient) throws {
        // Read once now, so a bad key is found at start rather than at the first message.
        _ = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKey)
        self.account = account
        self.http = http
    }

    func token(now: Date) async throws -> String {
        if let current, now < current.until { return current.token }
        if let asking { return try await asking.value.token }
        let asking = Task { try await self.ask(now: now) }
        self.asking = asking
        defer { self.asking = nil }
        let answer = try await asking.value
        current = answer
        return answer.token
    }

    private func ask(now: Date) async throws -> (token: String, until: Date) {
        let assertion = try assertion(now: now)
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
        let answer = try await http.send(HTTPClientRequest(
            method: "POST", url: account.tokenURI, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(form.utf8), bodyIsSecret: true))
        guard answer.status == 200 else {
            throw Failure.refused(answer.status, String(decoding: answer.body.prefix(200), as: UTF8.self))
        }
        guard let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let token = object["access_token"] as? String else { throw Failure.unreadable }
        let lifetime = (object["expires_in"] as? Double) ?? Double((object["expires_in"] as? Int) ?? 3600)
        return (token, now.addingTimeInterval(max(60, lifetime - 300)))
    }

    /// The next request asks for a new token (FCM answered 401).
    func discard() { current = nil }

    private func assertion(now: Date) throws -> String {
        var header: [String: String] = ["alg": "RS256", "typ": "JWT"]
        header["kid"] = account.privateKeyId
        let issued = Int64(now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": account.clientEmail, "scope": Self.scope, "aud": account.tokenURI,
                                     "iat": issued, "exp": issued + 3600]
        let input = Base64URL.encode(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
            + "." + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes]))
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKey)
        let signature = try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
