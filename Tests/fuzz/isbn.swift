import Foundation

// The ISBN reader (Sources/StewardCore/Library/ISBN.swift): every book typed, scanned or
// imported goes through it.
//
// Properties:
// - it never crashes;
// - what it accepts is kept as 13 digits starting 978 or 979 with a right check digit, which
//   read again is the same ISBN, with or without hyphens and spaces;
// - an ISBN-10 it accepts converts to ISBN-13 and back to the same ten characters; a 978
//   number's ISBN-10 reads back as the same book, a 979 number has none;
// - a wrong check digit names the one it should be: put in its place, the number is accepted.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzData(data, size), as: UTF8.self)
    let cleaned = Array(text.filter { $0 != "-" && $0 != " " }.uppercased())
    let isbn: ISBN
    do {
        isbn = try ISBN(text)
    } catch {
        fuzzCheck(!error.description.isEmpty, "a refusal without words")
        if case .wrongCheckDigit(let expected, let given) = error {
            fuzzCheck(cleaned.last == given, "names \(given) as the given check digit of \(String(cleaned))")
            let corrected = String(cleaned.dropLast()) + String(expected)
            fuzzCheck((try? ISBN(corrected)) != nil, "\(corrected), with the check digit it names, is refused")
        }
        return 0
    }
    let digits = isbn.isbn13
    fuzzCheck(digits.utf8.count == 13 && digits.utf8.allSatisfy { (48...57).contains($0) }, "kept as \(digits)")
    fuzzCheck(digits.hasPrefix("978") || digits.hasPrefix("979"), "kept without 978 or 979: \(digits)")
    fuzzCheck(ISBN.check13(String(digits.prefix(12))) == digits.last, "kept with a wrong check digit: \(digits)")
    fuzzCheck((try? ISBN(digits)) == isbn, "its own 13 digits read differently: \(digits)")
    fuzzCheck((try? ISBN(hyphenated(digits))) == isbn, "hyphenated, \(digits) reads differently")
    if cleaned.count == 10 {
        fuzzCheck(isbn.isbn10 == String(cleaned), "ISBN-10 \(String(cleaned)) -> \(digits) -> \(isbn.isbn10 ?? "none")")
    }
    if let ten = isbn.isbn10 {
        fuzzCheck(digits.hasPrefix("978"), "a 979 number has an ISBN-10: \(digits)")
        fuzzCheck((try? ISBN(ten)) == isbn, "ISBN-10 \(ten) of \(digits) reads as another book")
    } else {
        fuzzCheck(digits.hasPrefix("979"), "a 978 number without an ISBN-10: \(digits)")
    }
    return 0
}

/// `digits` as printed over a barcode: 978-0-316-76948-8.
private func hyphenated(_ digits: String) -> String {
    let d = Array(digits)
    return "\(String(d[0..<3]))-\(d[3])-\(String(d[4..<7])) \(String(d[7..<12]))-\(d[12])"
}
