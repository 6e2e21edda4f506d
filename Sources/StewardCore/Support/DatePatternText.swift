import Foundation
import Translation

/// Dates in the app's patterns, written out by hand with the names and clock of the person's
/// locale: on Linux, DateFormatter opens an ICU formatter for every use (the first one also
/// loads ICU's data), and lists format a date per row, dozens in a window's first frame.
public enum DatePatternText {
    /// `pattern` may use EEE (Mon), d (3), MMM (Nov), yyyy, HH, mm, ss; other characters are
    /// kept as they are. English, the same output as DateFormatter with the en_GB locale;
    /// "dom 6 dic 2026, 18:00" in Spanish. Where the locale keeps a 12-hour clock, "HH:mm"
    /// reads "6:00 PM".
    public static func format(_ date: Date, _ pattern: String, zone: TimeZone,
                              locale: LocaleFormats = .current) -> String {
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
                out += locale.weekdayAbbreviations[weekday]
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("MMM") {
                out += locale.monthAbbreviations[f.month - 1]
                rest = rest.dropFirst(3)
            } else if locale.twelveHour && rest.hasPrefix("HH:mm") {
                out += String((f.hour + 11) % 12 + 1) + ":"
                CivilTime.appendPadded(f.minute, width: 2, to: &out)
                out += " " + (f.hour < 12 ? locale.am : locale.pm)
                rest = rest.dropFirst(5)
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
}
