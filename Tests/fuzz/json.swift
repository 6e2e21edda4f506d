import Foundation

// The JSON reader (Sources/StewardCore/Support/JSON): the store and the console read every
// request, answer and outbox payload through it.
//
// Properties:
// - it never crashes, and a refusal points inside the input;
// - what it reads, written canonically and read again, is the same value, and writing that
//   again gives the same bytes (the canonical form is a fixed point: two sides holding the
//   same data write the same bytes);
// - reading the text as a String and as bytes gives the same answer;
// - it accepts exactly what Foundation's JSONSerialization accepts, for UTF-8 input both read
//   (JSONSerialization's leniencies aside: a comma before a closing bracket, a number beyond a
//   Double's range where a duplicate key replaces it), and reads the same value from it: the
//   same strings scalar for scalar (U+FEFF aside, which JSONSerialization drops at the start of
//   a string and after an escape), the same numbers, the same members.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzData(data, size)
    let parsed: JSONValue?
    do {
        parsed = try JSONValue.parse(input)
    } catch {
        fuzzCheck(error.offset >= 0 && error.offset <= size, "refusal offset \(error.offset) outside 0...\(size)")
        parsed = nil
    }
    if let value = parsed {
        let canonical = value.canonicalBytes
        let again: JSONValue
        do {
            again = try JSONValue.parse(Data(canonical))
        } catch {
            fuzzCheck(false, "the canonical text of an accepted value is refused: \(error.reason) in \(String(decoding: canonical, as: UTF8.self))")
            return 0
        }
        fuzzCheck(again == value, "canonical round trip changed the value: \(value) -> \(again)")
        fuzzCheck(again.canonicalBytes == canonical, "canonical text is not a fixed point")
    }
    if let text = String(validating: input, as: UTF8.self), foundationReadsAsUTF8(input) {
        let fromText = try? JSONValue.parse(text)
        fuzzCheck(fromText == parsed, "String and Data readings differ")
        let foundationValue = try? JSONSerialization.jsonObject(with: input, options: [.fragmentsAllowed])
        if let parsed {
            fuzzCheck(foundationValue != nil, "JSONSerialization refuses what the reader accepts")
            fuzzCheck(same(parsed, foundationValue!), "JSONSerialization reads another value: \(String(describing: parsed).prefix(2000)) vs \(String(describing: foundationValue!).prefix(2000))")
        } else if foundationValue != nil {
            // JSONSerialization allows a comma before a closing bracket, which RFC 8259 does
            // not; and it reads a number only when its value is used, so one beyond a Double's
            // range passes when a later duplicate key replaces it ({"a":4e476,"a":6}).
            let lenient = outOfRangeNumbersZeroed(trailingCommasRemoved(input))
            fuzzCheck(lenient != input && (try? JSONValue.parse(lenient)) != nil,
                      "JSONSerialization accepts what the reader refuses")
        }
    }
    return 0
}

/// JSONSerialization guesses the encoding from NUL bytes and a byte order mark, so it reads
/// such input as UTF-16 or UTF-32; only input it reads as UTF-8 can be compared.
private func foundationReadsAsUTF8(_ input: Data) -> Bool {
    !input.contains(0) && !input.starts(with: [0xEF, 0xBB, 0xBF])
}

/// `input` without the commas that come right before a `]` or `}` (outside strings).
private func trailingCommasRemoved(_ input: Data) -> Data {
    var out: [UInt8] = []
    var inString = false, escaped = false
    var pendingComma: Int?
    for byte in input {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            out.append(byte)
            continue
        }
        switch byte {
        case UInt8(ascii: ","):
            pendingComma = out.count
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if let comma = pendingComma { out.remove(at: comma) }
            pendingComma = nil
        case 0x20, 0x09, 0x0A, 0x0D:
            break
        default:
            pendingComma = nil
            if byte == UInt8(ascii: "\"") { inString = true }
        }
        out.append(byte)
    }
    return Data(out)
}

/// Whether the reader's value is what JSONSerialization read.
private func same(_ value: JSONValue, _ other: Any) -> Bool {
    switch value {
    case .null:
        return other is NSNull
    case .bool(let b):
        guard let number = other as? NSNumber, isBoolean(number) else { return false }
        return number.boolValue == b
    case .int(let i):
        guard let number = other as? NSNumber, !isBoolean(number) else { return false }
        if let decimal = number as? NSDecimalNumber { return close(Double(i), decimal) }
        switch String(cString: number.objCType) {
        case "d", "f": return number.doubleValue == Double(i)
        case "Q", "L", "I", "S", "C": return UInt64(exactly: i) == number.uint64Value
        default: return number.int64Value == i
        }
    case .double(let d):
        guard let number = other as? NSNumber, !isBoolean(number) else { return false }
        if let decimal = number as? NSDecimalNumber { return close(d, decimal) }
        switch String(cString: number.objCType) {
        case "d", "f": return number.doubleValue == d
        case "Q", "L", "I", "S", "C": return Double(number.uint64Value) == d
        default: return Double(number.int64Value) == d
        }
    case .string(let s):
        guard let text = other as? String else { return false }
        return Array(asFoundationReadsIt(s).unicodeScalars) == Array(asFoundationReadsIt(text).unicodeScalars)
    case .array(let items):
        guard let others = other as? [Any], others.count == items.count else { return false }
        return zip(items, others).allSatisfy { same($0, $1) }
    case .object(let members):
        guard let others = other as? [String: Any] else { return false }
        let keys = Set(members.keys.map(asFoundationReadsIt))
        let theirs = Dictionary(others.map { (asFoundationReadsIt($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        guard keys == Set(theirs.keys) else { return false }
        // Keys told apart only by a U+FEFF are one key to JSONSerialization: which value it
        // kept cannot be compared.
        guard keys.count == members.count, theirs.count == others.count else { return true }
        return members.allSatisfy { key, item in theirs[asFoundationReadsIt(key)].map { same(item, $0) } ?? false }
    }
}

private func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

/// JSONSerialization keeps a number beyond UInt64, or with more digits than a Double holds, as a
/// Decimal (38 digits at most), whose conversion to Double is not correctly rounded: there,
/// close is the same.
private func close(_ d: Double, _ decimal: NSDecimalNumber) -> Bool {
    abs(decimal.doubleValue - d) <= abs(d) * 1e-12
}

/// JSONSerialization drops a U+FEFF that starts a string or follows an escape (it makes each
/// run of a string as an NSString, which takes it for a byte order mark); the reader keeps it,
/// as RFC 8259 says. Strings are compared without it.
private func asFoundationReadsIt(_ text: String) -> String {
    text.unicodeScalars.contains("\u{FEFF}") ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" })) : text
}

/// `input` with each number the reader refuses as beyond a Double's range written as 0.
private func outOfRangeNumbersZeroed(_ input: Data) -> Data {
    var bytes = [UInt8](input)
    for _ in 0..<64 {
        let refusal: JSONParseError
        do {
            _ = try JSONValue.parse(Data(bytes))
            break
        } catch {
            refusal = error
        }
        let numberBytes = Set("+-.0123456789eE".utf8)
        var end = refusal.offset
        while end < bytes.count, numberBytes.contains(bytes[end]) { end += 1 }
        let text = String(decoding: bytes[refusal.offset..<end], as: UTF8.self)
        guard let number = Double(text), !number.isFinite else { break }
        bytes.replaceSubrange(refusal.offset..<end, with: [UInt8(ascii: "0")])
    }
    return Data(bytes)
}
