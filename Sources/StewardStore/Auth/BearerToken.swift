import Crypto
import Foundation

/// Bearer tokens: made from 32 random bytes, shown once, stored only as a SHA-256 hash so that
/// a copy of the database does not hand out working credentials.
public enum BearerToken {
    /// Marks the text as a Steward store token (easy to spot in logs and secret scanners).
    public static let prefix = "stw_"

    /// A new token: `stw_` (or another prefix) and 256 random bits in unpadded base64url.
    public static func generate(prefix: String = prefix) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + base64URL(Data(bytes))
    }

    /// The form the store keeps and looks tokens up by: lower-case hex SHA-256 of the token text.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
