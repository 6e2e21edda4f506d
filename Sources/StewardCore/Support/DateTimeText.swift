import Foundation

/// Reads and writes the date-time text people and scripts type: ISO 8601 with a `T` or a space,
/// minutes or seconds, and an optional offset (`Z`, `+02:00`). Without an offset the time is
/// local to the zone given, which is what an office worker means by "6 pm".
public enum DateTimeText {
    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        // Foundation's trimming bridges through NSString; most texts have nothing to trim.
        let untrimmed = text.first.map { !$0.isWhitespace } == true && text.last.map { !$0.isWhitespace } == true
        var rest = Substring(untrimmed ? text : text.trimmingCharacters(in: .whitespaces))
        guard rest.count >= 16 else { return nil }
        let dateText = rest.prefix(10)
        guard let date = LocalDate(iso: String(dateText)) else { return nil }
        rest = rest.dropFirst(10)
        guard let separator = rest.first, separator == "T" || separator == "t" || separator == " " else { return nil }
        rest = rest.dropFirst()

        // hh:mm[:ss[.fff]]
        let timeEnd = rest.firstIndex(where: { !($0.isNumber || $0 == ":" || $0 == ".") }) ?? rest.endIndex
        let timeText = rest[..<timeEnd]
        let offsetText = rest[timeEnd...]
        let timeParts = timeText.split(separator: ":", omittingEmptySubsequences: false)
        guard timeParts.count == 2 || timeParts.count == 3,
              timeParts[0].count == 2, timeParts[1].count == 2,
              let hour = Int(timeParts[0]), let minute = Int(timeParts[1]),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        var seconds = 0.0
        if timeParts.count == 3 {
            guard let s = Double(timeParts[2]), s >= 0, s < 60, timeParts[2].count >= 2 else { return nil }
            seconds = s
        }

        let offsetSeconds: Int?
        if offsetText.isEmpty {
            offsetSeconds = nil
        } else if offsetText == "Z" || offsetText == "z" {
            offsetSeconds = 0
        } else {
            guard let sign = offsetText.first, sign == "+" || sign == "-" else { return nil }
            let digits = String(offsetText.dropFirst().filter { $0 != ":" })
            guard digits.count == 4 || digits.count == 2, let value = Int(digits) else { return nil }
            let hours = digits.count == 4 ? value / 100 : value
            let minutes = digits.count == 4 ? value % 100 : 0
            guard hours <= 18, minutes < 60 else { return nil }
            offsetSeconds = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }

        let secondsOfDay = Double(hour * 3600 + minute * 60) + seconds
        if let offsetSeconds {
            let local = Double(CivilTime.days(year: date.year, month: date.month, day: date.day)) * 86_400 + secondsOfDay
            return Date(timeIntervalSince1970: local - Double(offsetSeconds))
        }
        return CivilTime.instant(year: date.year, month: date.month, day: date.day, seconds: secondsOfDay, zone: zone)
    }

    /// `2026-12-01T18:00` in the zone: the form the CLI prints and the GUI fills in.
    public static func local(_ date: Date, zone: TimeZone) -> String {
        let f = CivilTime.fields(date, zone: zone)
        var text = LocalDate(year: f.year, month: f.month, day: f.day).description + "T"
        appendClock(f, seconds: false, to: &text)
        return text
    }

    /// `2026-12-01T18:00:00-06:00`: unambiguous, for JSON output.
    public static func iso(_ date: Date, zone: TimeZone) -> String {
        let f = CivilTime.fields(date, zone: zone)
        var text = LocalDate(year: f.year, month: f.month, day: f.day).description + "T"
        appendClock(f, seconds: true, to: &text)
        let offset = zone.secondsFromGMT(for: date)
        text += offset < 0 ? "-" : "+"
        CivilTime.appendPadded(abs(offset) / 3600, width: 2, to: &text)
        text += ":"
        CivilTime.appendPadded((abs(offset) % 3600) / 60, width: 2, to: &text)
        return text
    }

    /// `2026-12-01T18:00:00.000Z`: the zone-free form used on the wire and in dumps.
    public static func utc(_ date: Date) -> String {
        let f = CivilTime.fields(date, zone: nil)
        var text = LocalDate(year: f.year, month: f.month, day: f.day).description + "T"
        appendClock(f, seconds: true, to: &text)
        text += "."
        CivilTime.appendPadded(f.millisecond, width: 3, to: &text)
        text += "Z"
        return text
    }

    /// `2026-12-01 18:00:00.000` in UTC: how dates are stored in SQLite (GRDB's format, so GRDB
    /// reads them back), written without DateFormatter.
    public static func storage(_ date: Date) -> String {
        let f = CivilTime.fields(date, zone: nil)
        var text = LocalDate(year: f.year, month: f.month, day: f.day).description + " "
        appendClock(f, seconds: true, to: &text)
        text += "."
        CivilTime.appendPadded(f.millisecond, width: 3, to: &text)
        return text
    }

    private static func appendClock(_ f: CivilTime.Fields, seconds: Bool, to text: inout String) {
        CivilTime.appendPadded(f.hour, width: 2, to: &text)
        text += ":"
        CivilTime.appendPadded(f.minute, width: 2, to: &text)
        if seconds {
            text += ":"
            CivilTime.appendPadded(f.second, width: 2, to: &text)
        }
    }

    public static func parseUTC(_ text: String) -> Date? {
        parse(text, zone: TimeZone(identifier: "UTC")!)
    }
}
