import Foundation

/// Text a database cannot keep as it is. PostgreSQL's text and jsonb hold no NUL (U+0000):
/// stored inside the JSON text of a record it is the escape `\u0000`, and every later cast of
/// that record to jsonb fails, for good. Lone surrogates, jsonb's other refusal, never get
/// this far: `JSONParser` refuses them, and Swift strings cannot hold them.
extension JSONValue {
    /// Where the first text holding a NUL is (`links[1].label`; "" for the value itself, a
    /// member's key counted as its own place), or nil when every text can be stored.
    public var unstorableTextPath: String? { firstUnstorableText?.path }

    /// The first text holding a NUL, with where it is (as `unstorableTextPath`).
    public var firstUnstorableText: (path: String, text: String)? {
        switch self {
        case .null, .bool, .int, .double:
            return nil
        case .string(let text):
            return Self.isStorable(text) ? nil : ("", text)
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let inner = item.firstUnstorableText { return ("[\(index)]" + Self.continuing(inner.path), inner.text) }
            }
            return nil
        case .object(let members):
            // Sorted, so the same body always names the same place.
            for key in members.keys.sorted() {
                if !Self.isStorable(key) { return (Self.visible(key), key) }
                if let inner = members[key]?.firstUnstorableText { return (key + Self.continuing(inner.path), inner.text) }
            }
            return nil
        }
    }

    static func isStorable(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }

    /// `.label` after a key, `[2]` as it is.
    private static func continuing(_ inner: String) -> String {
        inner.isEmpty || inner.hasPrefix("[") ? inner : "." + inner
    }

    /// A key with its NULs shown, for a message.
    private static func visible(_ key: String) -> String {
        key.replacingOccurrences(of: "\u{0}", with: "\\u0000")
    }
}
