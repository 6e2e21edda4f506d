import Foundation

/// Dates in the app's fixed British English patterns, written out by hand: on Linux,
/// DateFormatter opens an ICU formatter for every use (the first one also loads ICU's data),
/// and lists format a date per row, dozens in a window's first frame.
public enum DatePatternText {
    /// `pattern` may use EEE (Mon), d (3), MMM (Nov), yyyy, HH, mm, ss; other characters are
    /// kept as they are. The same output as DateFormatter with the en_GB locale.
    public static func format(_ date: Date, _ pattern: String, zone: TimeZone) -> String {
        let f = CivilTime.fields(date, zone: zone)
        let numbers: [(token: String, width: Int, value: Int)] = [
            ("yyyy", 4, f.year), ("HH", 2, f.hour), ("mm", 2, f.minute), ("ss", 2, f.second),
        ]
        var out = ""
        var rest = Substring(pattern)
        while let next = rest.first {
            if rest.hasPrefix("EEE") {
                // Day 0 of the count is Thursday 1 January 1970.
                let weekday = ((CivilTime.days(year: f.year, month: f.month, day: f.day) + 4) % 7 + 7) % 7
                out += weekdays[weekday]
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("MMM") {
                out += months[f.month - 1]
                rest = rest.dropFirst(3)
            } else if let number = numbers.first(where: { rest.hasPrefix($0.token) }) {
                CivilTime.appendPadded(number.value, width: number.width, to: &out)
                rest = rest.dropFirst(number.token.count)
            } else if next == "d" {
                out += String(f.day)
                rest = rest.dropFirst()
            } else {
                out.append(next)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
