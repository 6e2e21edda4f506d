import Foundation
import Translation

/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset of the problem in the input.
    public var offset: Int
    public var reason: String
    public var description: String {
        tr("not valid JSON at byte {offset}: {reason}", ["offset": String(offset), "reason": reason])
    }
}

/// A strict RFC 8259 reader straight into `JSONValue`.
///
/// Foundation's `JSONDecoder` reaches a `JSONValue` by trying each type in turn and throwing
/// for every miss; a push of 500 events spent most of its time there. Reading the bytes once,
/// knowing what each one starts, is an order of magnitude cheaper. Input is validated as
/// strictly as the decoder did: UTF-8, no trailing text, no control characters in strings, and
/// nesting at most `maxDepth` deep (so hostile input cannot exhaust the stack).
enum JSONParser {
    static let maxDepth = 512

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error(tr("unexpected text after the value")) }
        return value
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func error(_ reason: String) -> JSONParseError {
            JSONParseError(offset: position, reason: reason)
        }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
            guard let byte = current else { throw error(tr("unexpected end of input")) }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error(tr("unexpected character"))
            }
        }

        mutating func literal(_ word: StaticString) throws(JSONParseError) {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw error(tr("unexpected end of input")) }
            for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
                throw error(tr("unexpected character"))
            }
            position += count
        }

        mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
            guard depth <= JSONParser.maxDepth else { throw error(tr("nested more than {depth} deep", ["depth": String(JSONParser.maxDepth)])) }
            position += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                guard current == UInt8(ascii: "\"") else { throw error(tr("expected a member name in quotes")) }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error(tr("expected ':' after a member name")) }
                position += 1
                skipWhitespace()
                members[key] = try value(depth: depth)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1; skipWhitespace()
                case UInt8(ascii: "}"): position += 1; return .object(members)
                default: throw error(tr("expected ',' or '}' in an object"))
                }
            }
        }

        mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
            guard depth <= JSONParser.maxDepth else { throw error(tr("nested more than {depth} deep", ["depth": String(JSONParser.maxDepth)])) }
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1; skipWhitespace()
                case UInt8(ascii: "]"): position += 1; return .array(items)
                default: throw error(tr("expected ',' or ']' in an array"))
                }
            }
        }

        mutating func string() throws(JSONParseError) -> String {
            position += 1
            let start = position
            // Fast path: no escapes, the bytes are the string.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = try utf8(start..<position)
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error(tr("control character in a string")) }
                position += 1
            }
            var scratch = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    guard let text = String(validating: scratch, as: UTF8.self) else { throw error(tr("a string is not UTF-8")) }
                    return text
                case UInt8(ascii: "\\"):
                    position += 1
                    guard let escape = current else { throw error(tr("unexpected end of input")) }
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scratch.append(0x22)
                    case UInt8(ascii: "\\"): scratch.append(0x5C)
                    case UInt8(ascii: "/"): scratch.append(0x2F)
                    case UInt8(ascii: "b"): scratch.append(0x08)
                    case UInt8(ascii: "f"): scratch.append(0x0C)
                    case UInt8(ascii: "n"): scratch.append(0x0A)
                    case UInt8(ascii: "r"): scratch.append(0x0D)
                    case UInt8(ascii: "t"): scratch.append(0x09)
                    case UInt8(ascii: "u"): scratch.append(contentsOf: try unicodeEscape())
                    default: throw error(tr("unknown escape in a string"))
                    }
                default:
                    if byte < 0x20 { throw error(tr("control character in a string")) }
                    scratch.append(byte)
                    position += 1
                }
            }
            throw error(tr("unterminated string"))
        }

        /// After `\u`: four hex digits, and for a high surrogate the `\uXXXX` of its low half.
        mutating func unicodeEscape() throws(JSONParseError) -> [UInt8] {
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u") else { throw error(tr("unpaired surrogate in a string")) }
                position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(tr("unpaired surrogate in a string")) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(tr("unpaired surrogate in a string"))
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error(tr("invalid \\u escape")) }
            return Array(String(Character(unicode)).utf8)
        }

        mutating func hex4() throws(JSONParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error(tr("unexpected end of input")) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error(tr("invalid \\u escape"))
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }

        func utf8(_ range: Range<Int>) throws(JSONParseError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            // ASCII is by far the common case and needs no validation beyond the range check.
            if !slice.contains(where: { $0 >= 0x80 }) { return String(decoding: slice, as: UTF8.self) }
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw JSONParseError(offset: range.lowerBound, reason: tr("a string is not UTF-8"))
            }
            return text
        }

        mutating func number() throws(JSONParseError) -> JSONValue {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                throw error(tr("expected a digit"))
            }
            if first == UInt8(ascii: "0") {
                position += 1
            } else {
                skipDigits()
            }
            var integral = true
            if current == UInt8(ascii: ".") {
                integral = false
                position += 1
                guard try digitsFollow() else { throw error(tr("expected a digit after '.'")) }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                integral = false
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard try digitsFollow() else { throw error(tr("expected a digit in the exponent")) }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            if integral, let int = Int64(text) { return .int(int) }
            guard let double = Double(text), double.isFinite else {
                throw JSONParseError(offset: start, reason: tr("number out of range"))
            }
            // Like Foundation's decoder (which tried Int64 first): a whole number written with a
            // fraction or exponent (1.0, 1E3, -0.0) is an integer, so values compare the same
            // whichever side wrote them.
            if double == double.rounded(.towardZero), let int = Int64(exactly: double) { return .int(int) }
            return .double(double)
        }

        mutating func skipDigits() {
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        }

        mutating func digitsFollow() throws(JSONParseError) -> Bool {
            let before = position
            skipDigits()
            return position > before
        }
    }
}

extension JSONValue {
    /// Reads JSON text (strict: see `JSONParser`).
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        // The closures of withUTF8/withUnsafeBytes rethrow untyped errors; a Result keeps the type.
        return try text.withUTF8 { bytes in Result { () throws(JSONParseError) in try JSONParser.parse(bytes) } }.get()
    }

    /// Reads JSON bytes (strict: see `JSONParser`).
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try JSONParser.parse(raw.bindMemory(to: UInt8.self)) }
        }.get()
    }
}
