import Translation

/// A book number, checked: ISBN-10 or ISBN-13 as people type it (hyphens and spaces ignored, an
/// `X` check digit for ISBN-10), kept as its ISBN-13 so one book has one number whichever form
/// it was typed in.
public struct ISBN: Hashable, Sendable, CustomStringConvertible {
    /// The 13 digits, no hyphens.
    public let isbn13: String

    /// Parses and verifies `text`; a wrong check digit names the one it should be.
    public init(_ text: String) throws(ISBNError) {
        let characters = Array(text.filter { $0 != "-" && $0 != " " }.uppercased())
        if characters.isEmpty { throw .empty }
        switch characters.count {
        case 10:
            let body = characters.prefix(9)
            guard body.allSatisfy(\.isASCIIDigit), characters[9].isASCIIDigit || characters[9] == "X" else {
                throw .notDigits(String(characters))
            }
            let expected = Self.check10(String(body))
            guard characters[9] == expected else { throw .wrongCheckDigit(expected: expected, given: characters[9]) }
            isbn13 = Self.isbn13(fromBody: "978" + String(body))
        case 13:
            guard characters.allSatisfy(\.isASCIIDigit) else { throw .notDigits(String(characters)) }
            let body = String(characters.prefix(12))
            guard body.hasPrefix("978") || body.hasPrefix("979") else { throw .notBookland(String(characters.prefix(3))) }
            let expected = Self.check13(body)
            guard characters[12] == expected else { throw .wrongCheckDigit(expected: expected, given: characters[12]) }
            isbn13 = String(characters)
        default:
            throw .wrongLength(characters.count)
        }
    }

    /// The ISBN-10 of a 978 number; 979 numbers have none.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = String(isbn13.dropFirst(3).prefix(9))
        return body + String(Self.check10(body))
    }

    public var description: String { isbn13 }

    /// ISBN-10's check: the weighted sum 10…2 plus the check is a multiple of 11; 10 is `X`.
    static func check10(_ nineDigits: String) -> Character {
        let sum = nineDigits.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : Character(String(check))
    }

    /// ISBN-13's (EAN's) check: weights 1, 3, 1, 3…, the total a multiple of 10.
    static func check13(_ twelveDigits: String) -> Character {
        let sum = twelveDigits.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return Character(String((10 - sum % 10) % 10))
    }

    private static func isbn13(fromBody twelveDigits: String) -> String {
        twelveDigits + String(check13(twelveDigits))
    }
}

/// Why a text is not an ISBN, in words that say how to fix it.
public enum ISBNError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case wrongLength(Int)
    case notDigits(String)
    /// An ISBN-13 starts 978 or 979.
    case notBookland(String)
    case wrongCheckDigit(expected: Character, given: Character)

    public var description: String {
        switch self {
        case .empty:
            tr("is empty; type the 10 or 13 digits printed over the barcode")
        case .wrongLength(let count):
            tr("must have 10 or 13 digits (hyphens and spaces aside); this has {count}", ["count": String(count)])
        case .notDigits(let text):
            tr("must be digits only, with X allowed as an ISBN-10's last character (got \"{value}\")", ["value": text])
        case .notBookland(let prefix):
            tr("an ISBN-13 starts with 978 or 979, not {prefix}", ["prefix": prefix])
        case .wrongCheckDigit(let expected, let given):
            tr("The check digit should be {expected}, not {given}: check the number for a mistyped or swapped digit",
               ["expected": String(expected), "given": String(given)])
        }
    }

    /// The check digit the number should end with, when that is what is wrong.
    public var expectedCheckDigit: Character? {
        if case .wrongCheckDigit(let expected, _) = self { return expected }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
