import Crypto
import Foundation

/// Entity tags for the bodies apps and podcast players poll: a strong tag, the SHA-256 of the
/// uncompressed body, so an unchanged answer costs them a 304 and no download.
enum EntityTag {
    /// What a gzip-compressed representation's tag carries after the hash: the same content
    /// in another coding is another representation (RFC 9110 §8.8.3), yet it must still match
    /// the plain one in If-None-Match (caches may hold either).
    static let gzipSuffix = "-gz"

    /// `"<base64url SHA-256>"`, with its quotes.
    static func of(_ body: some DataProtocol) -> String {
        "\"" + BearerToken.base64URL(Data(SHA256.hash(data: Data(body)))) + "\""
    }

    /// The tag of the gzip representation of a body tagged `tag`.
    static func gzip(_ tag: String) -> String {
        String(tag.dropLast()) + gzipSuffix + "\""
    }

    /// Whether an If-None-Match header names `tag`. Weak comparison, as RFC 9110 §13.1.2 asks
    /// for If-None-Match: `W/` is ignored, and so is the gzip suffix.
    static func matches(ifNoneMatch values: [String], tag: String) -> Bool {
        let wanted = opaque(tag)
        for value in values {
            for item in value.split(separator: ",") {
                let candidate = item.trimmingCharacters(in: .whitespaces)
                if candidate == "*" || opaque(candidate) == wanted { return true }
            }
        }
        return false
    }

    /// A tag's hash alone: no `W/`, no quotes, no gzip suffix.
    private static func opaque(_ tag: String) -> String {
        var text = Substring(tag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        if text.hasSuffix(gzipSuffix) { text = text.dropLast(gzipSuffix.count) }
        return String(text)
    }
}
