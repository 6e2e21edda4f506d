import Foundation
import Translation

/// The names of a series' occurrences: each one's original start, local to the series' zone
/// (`2026-12-02T19:00`, seconds when not zero) or, for an all-day series, its date.
public enum OccurrenceKeys {
    /// Whether `key` is a date (all-day) or a local date and time; nil when it is neither.
    public static func isDate(_ key: String) -> Bool? {
        if LocalDate(iso: key) != nil { return true }
        guard key.count == 16 || key.count == 19, LocalDate(iso: String(key.prefix(10))) != nil,
              key[key.index(key.startIndex, offsetBy: 10)] == "T" else { return nil }
        let clock = key.dropFirst(11).split(separator: ":", omittingEmptySubsequences: false)
        guard clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60 else { return nil }
        if clock.count == 3 { guard let second = Int(clock[2]), second < 60 else { return nil } }
        return false
    }

    /// A list of keys as sent or typed: strings of either form, no more than `maxItems`; kept in
    /// order of start and without repeats.
    static func parse(_ value: JSONValue, maxItems: Int) throws(FieldError) -> [String] {
        guard case .array(let items) = value else {
            throw FieldError(tr("must be a list of starts like 2026-12-02T19:00 or dates like 2026-12-02"))
        }
        var keys = Set<String>()
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item, case let key = FieldParsers.trimmed(text), isDate(key) != nil else {
                throw FieldError(tr("item {number} must be a start like 2026-12-02T19:00 or a date like 2026-12-02 (got {value})",
                                    ["number": String(index + 1), "value": item.canonicalText]))
            }
            keys.insert(key)
        }
        if keys.count > maxItems {
            throw FieldError(tr("has too many items ({count}; at most {maximum})",
                                ["count": String(keys.count), "maximum": String(maxItems)]))
        }
        return keys.sorted()
    }
}
