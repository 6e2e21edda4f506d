import Foundation
import StewardCore

/// The one refusal of text the store cannot keep (NUL, see `JSONValue.unstorableTextPath`),
/// for the apps' bodies (400) and pushed mutations (rejected) alike.
enum StorableText {
    /// Why `value` is refused, naming where the text is and quoting it (its NULs shown as
    /// U+FFFD); nil when all of it can be stored.
    static func refusal(_ value: JSONValue) -> String? {
        value.firstUnstorableText.map { found in
            "\(found.path.isEmpty ? "body" : found.path): must not contain the NUL character (\\u0000), shown here as \u{FFFD}: "
                + "\"\(excerpt(found.text))\"; remove it"
        }
    }

    /// The text around its first NUL, at most about 60 characters of it, NULs replaced.
    static func excerpt(_ text: String) -> String {
        let characters = Array(text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"))
        guard characters.count > 60, let at = characters.firstIndex(of: "\u{FFFD}") else { return String(characters) }
        let start = max(0, at - 30), end = min(characters.count, start + 60)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }
}
