import Foundation
import Translation

/// Parsers shared by every form: the GUI and the CLI send the same text through them, so the
/// same input gets the same answer wherever it was typed.
enum FieldParsers {
    /// Without leading and trailing white space. Written out because Foundation's
    /// `trimmingCharacters` goes through NSString on Linux and dominated bulk imports.
    static func trimmed(_ text: String) -> String {
        // Almost every value starts and ends with a visible ASCII character: nothing to trim,
        // and no Unicode property lookups (a push validates tens of thousands of fields).
        if let first = text.utf8.first, let last = text.utf8.last,
           (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    /// Whether any scalar is white space; ASCII text (nearly all) is checked byte by byte.
    static func containsWhitespace(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
        }
        return text.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    static func required(_ text: String, maxLength: Int) throws(FieldError) -> String {
        let value = trimmed(text)
        if value.isEmpty { throw FieldError(tr("is required")) }
        return try limited(value, maxLength: maxLength)
    }

    static func limited(_ text: String, maxLength: Int) throws(FieldError) -> String {
        let value = trimmed(text)
        // A string has at most as many characters as UTF-8 bytes: count them only when needed.
        if value.utf8.count > maxLength, value.count > maxLength {
            throw FieldError(tr("is too long ({count} characters; at most {maximum})",
                                 ["count": String(value.count), "maximum": String(maxLength)]))
        }
        return value
    }

    /// An absolute http or https address with a host; empty text means "none".
    static func webURL(_ text: String) throws(FieldError) -> String? {
        let value = trimmed(text)
        if value.isEmpty { return nil }
        guard let components = URLComponents(string: value),
              let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, !value.contains(" ")
        else {
            throw FieldError(tr("must be a web address starting with http:// or https:// (got \"{value}\")", ["value": value]))
        }
        return value
    }

    /// A practical check of an address's shape (one @, a dotted domain, no spaces); the
    /// only real proof is a message that arrives.
    static func email(_ text: String) throws(FieldError) -> String? {
        let value = trimmed(text)
        if value.isEmpty { return nil }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        let valid = parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !containsWhitespace(value)
            && (value.utf8.count <= 254 || value.count <= 254)
        if !valid { throw FieldError(tr("must be an email address like name@example.org (got \"{value}\")", ["value": value])) }
        return value
    }

    /// Digits with the usual separators and an optional leading +, 7 to 15 digits (E.164).
    static func phone(_ text: String) throws(FieldError) -> String? {
        let value = trimmed(text)
        if value.isEmpty { return nil }
        let allowed = Set("0123456789+-(). ext")
        let digits = value.filter(\.isNumber).count
        if value.contains(where: { !allowed.contains($0) }) || digits < 7 || digits > 15 {
            throw FieldError(tr("must be a phone number of 7 to 15 digits, like +1 555 010 0199 (got \"{value}\")",
                                 ["value": value]))
        }
        return value
    }

    static func timeZone(_ text: String) throws(FieldError) -> String? {
        let value = trimmed(text)
        if value.isEmpty { return nil }
        guard TimeZone(identifier: value) != nil else {
            throw FieldError(tr("must be a time zone name like America/Chicago (got \"{value}\")", ["value": value]))
        }
        return value
    }

    /// Words (an audience), trimmed, lower-cased, de-duplicated in order; a word with a line
    /// break in it is two, as typed on two lines.
    static func words(_ given: [String], maxItems: Int, maxLength: Int) throws(FieldError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in given.flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == "\n" }) }) {
            let tag = trimmed(String(raw)).lowercased()
            if tag.isEmpty || seen.contains(tag) { continue }
            if tag.count > maxLength {
                throw FieldError(tr("tag \"{tag}\" is too long (at most {maximum} characters)", ["tag": tag, "maximum": String(maxLength)]))
            }
            seen.insert(tag)
            result.append(tag)
        }
        if result.count > maxItems {
            throw FieldError(tr("has too many tags ({count}; at most {maximum})",
                                ["count": String(result.count), "maximum": String(maxItems)]))
        }
        return result
    }
}
