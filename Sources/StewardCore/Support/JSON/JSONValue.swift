import Foundation

/// A JSON value with one canonical text form: object keys sorted, no spaces, integers without a
/// fraction. The outbox payloads and the canonical dump use it so that two sides holding the
/// same data write the same bytes.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public var canonicalText: String {
        String(decoding: canonicalBytes, as: UTF8.self)
    }

    /// The canonical text as UTF-8, for request bodies and hashing.
    public var canonicalBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(to: &out)
        return out
    }

    // Written into bytes, not a String: pushes and the store write tens of thousands of these
    // per batch, and appending to a byte array costs a fraction of growing a String.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
                out.append(contentsOf: String(Int64(d)).utf8)
            } else if d.isFinite {
                out.append(contentsOf: "\(d)".utf8)
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorting the pairs, not the keys, saves looking each key up again.
            for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { bytes in
            // Most strings need no escaping: append them whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case 0x22: out.append(contentsOf: "\\\"".utf8)
                case 0x5C: out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var int64Value: Int64? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded(): Int64(exactly: d)
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? container.decode(Double.self) {
            self = .double(d)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .int(let i): try container.encode(i)
        case .double(let d): try container.encode(d)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}

extension JSONValue {
    init(_ text: String?) { self = text.map { .string($0) } ?? .null }
    init(_ number: Double?) { self = number.map { .double($0) } ?? .null }
}
