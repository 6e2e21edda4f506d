import Foundation
import StewardCore

/// The unguessable part of a media item's public address: 128 random bits, base64url (22
/// characters). Podcast players and `<img>` cannot send a bearer token; knowing the address is
/// the permission, as for a calendar feed's key.
enum MediaPublicToken {
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }

    /// Whether `text` could be a token (refused early, before the database is asked).
    static func isWellFormed(_ text: Substring) -> Bool {
        text.count == 22 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
