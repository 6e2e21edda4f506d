import Foundation

/// Reads and writes the date-time text people and scripts type: ISO 8601 with a `T` or a space,
/// minutes or seconds, and an optional offset (`Z`, `+02:00`). Without an offset the time is
/// local to the zone given, which is what an office worker means by "6 pm".
public enum DateTimeText {
    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
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
            let digits = offsetText.dropFirst().replacingOccurrences(of: ":", with: "")
            guard digits.count == 4 || digits.count == 2, let value = Int(digits) else { return nil }
            let hours = digits.count == 4 ? value / 100 : value
            let minutes = digits.count == 4 ? value % 100 : 0
            guard hours <= 18, minutes < 60 else { return nil }
            offsetSeconds = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offsetSeconds.map { TimeZone(secondsFromGMT: $0)! } ?? zone
        let components = DateComponents(year: date.year, month: date.month, day: date.day,
                                        hour: hour, minute: minute, second: Int(seconds))
        guard let whole = calendar.date(from: components) else { return nil }
        return whole.addingTimeInterval(seconds - seconds.rounded(.down))
    }

    /// `2026-12-01T18:00` in the zone: the form the CLI prints and the GUI fills in.
    public static func local(_ date: Date, zone: TimeZone) -> String {
        let c = components(date, zone: zone)
        return String(format: "%04d-%02d-%02dT%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }

    /// `2026-12-01T18:00:00-06:00`: unambiguous, for JSON output.
    public static func iso(_ date: Date, zone: TimeZone) -> String {
        let c = components(date, zone: zone)
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", c.year!, c.month!, c.day!,
                      c.hour!, c.minute!, c.second!, sign, magnitude / 3600, (magnitude % 3600) / 60)
    }

    /// `2026-12-01T18:00:00.000Z`: the zone-free form used on the wire and in dumps.
    public static func utc(_ date: Date) -> String {
        let c = components(date, zone: TimeZone(identifier: "UTC")!)
        let millis = Int((date.timeIntervalSince1970 * 1000).rounded()) % 1000
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year!, c.month!, c.day!,
                      c.hour!, c.minute!, c.second!, (millis + 1000) % 1000)
    }

    public static func parseUTC(_ text: String) -> Date? {
        parse(text, zone: TimeZone(identifier: "UTC")!)
    }

    private static func components(_ date: Date, zone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }
}
