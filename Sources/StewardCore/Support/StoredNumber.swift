import Foundation
import Translation

/// Numbers as they are stored, sent, written to files and made by the demo: a decimal point and
/// no grouping, whatever the person's locale. `String(format:)` goes through C's printf, which
/// follows LC_NUMERIC once `Translation.start()` has set the locale, so in Spanish it writes
/// "35,3050", and that reads back as no number at all. Every number meant to be read again is
/// written here; numbers for people to read go through `shown`.
public enum StoredNumber {
    /// The shortest text that reads back as `value`: "42.6531", and whole numbers without a
    /// fraction ("3"), as the canonical JSON writes them.
    public static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // Swift's own shortest form, the same in every locale ("\(x)" never asks C).
        return "\(value)"
    }

    /// `value` with exactly `fractionDigits` digits after the point, rounded as printf's `%.Nf`
    /// rounds ("35.30500"), but always with a point.
    public static func text(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return text(value) }
        // printf's rounding, with this thread's numbers in the C locale for the one call
        // (uselocale is per thread; setlocale would change every thread's).
        let previous = uselocale(cNumbers)
        defer { uselocale(previous) }
        let digits = Int32(max(0, min(fractionDigits, 17)))
        var buffer = [CChar](repeating: 0, count: 32)
        var needed = withVaList([digits, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            needed = withVaList([digits, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        }
        return String(decoding: buffer.prefix(Int(max(0, needed))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A number as stored or typed: "42.6531", "-73.7562", "1e-3", with spaces around; a
    /// decimal comma as well ("42,6531", as a Spanish keyboard types it) when there is no
    /// point. The same answer on every machine and in every locale. nil when it is no finite
    /// number (hexadecimal, "inf" and "nan" included).
    public static func parse(_ text: String) -> Double? {
        var number = text.trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, number.allSatisfy({ "0123456789+-.,eE".contains($0) }) else { return nil }
        if !number.contains("."), number.filter({ $0 == "," }).count == 1 {
            number = number.replacingOccurrences(of: ",", with: ".")
        }
        guard let value = Double(number), value.isFinite else { return nil }
        return value
    }

    /// `value` for people: the stored digits with the locale's decimal separator ("42,6531" in
    /// Spanish), which `parse` reads back.
    public static func shown(_ value: Double, formats: LocaleFormats = .current) -> String {
        let stored = text(value)
        return formats.decimalSeparator == "." ? stored : stored.replacingOccurrences(of: ".", with: formats.decimalSeparator)
    }

    /// `shown` with exactly `fractionDigits` digits after the separator ("33,3").
    public static func shown(_ value: Double, fractionDigits: Int, formats: LocaleFormats = .current) -> String {
        let stored = text(value, fractionDigits: fractionDigits)
        return formats.decimalSeparator == "." ? stored : stored.replacingOccurrences(of: ".", with: formats.decimalSeparator)
    }

    /// The C locale's numbers, made once (a locale object lives for the process).
    nonisolated(unsafe) private static let cNumbers: locale_t = newlocale(Int32(1) << LC_NUMERIC, "C", nil)
}

extension JSONValue {
    /// A number, or text holding one as earlier consoles and stores kept decimals ("42.6531"):
    /// decimal fields read either.
    public var decimalValue: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number.isFinite ? number : nil
        case .string(let text): StoredNumber.parse(text)
        default: nil
        }
    }

    /// A number in the canonical JSON's own form: whole ones as integers, as the parser reads
    /// them back, so a value compares equal to itself after a trip over the wire.
    public static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .int(Int64(value)) }
        return .double(value)
    }
}
