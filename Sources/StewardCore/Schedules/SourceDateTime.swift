import Foundation

/// MindBody's date-times: "2026-11-24T09:00:00" in the site's own zone (no offset), sometimes
/// with a fraction, a "Z" or an offset. A time without a zone is read in the gym's zone.
enum SourceDateTime {
    static func parse(_ text: String, zone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), bytes.count >= 10, bytes[4] == 45, let month = number(5, 2),
              bytes[7] == 45, let day = number(8, 2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var index = 10
        if bytes.count > 10 {
            guard bytes[10] == 84 || bytes[10] == 32, let h = number(11, 2), bytes.count >= 16, bytes[13] == 58,
                  let m = number(14, 2) else { return nil }
            hour = h
            minute = m
            index = 16
            if bytes.count >= 19, bytes[16] == 58, let s = number(17, 2) {
                second = s
                index = 19
            }
            // A fraction of a second: classes start on the minute, so it is dropped.
            if index < bytes.count, bytes[index] == 46 {
                index += 1
                while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            }
        }
        var offset: Int?
        if index < bytes.count {
            if bytes[index] == 90, index + 1 == bytes.count {
                offset = 0
            } else if bytes[index] == 43 || bytes[index] == 45, let h = number(index + 1, 2) {
                let colon = index + 3 < bytes.count && bytes[index + 3] == 58
                let minutesAt = index + (colon ? 4 : 3)
                // An offset ends the text, and is one a place can have (at most 18 hours, fewer
                // than 60 minutes): "+07800" or "+99:00" is refused, not read in another zone.
                guard let m = number(minutesAt, 2), minutesAt + 2 == bytes.count, m < 60, h * 60 + m <= 18 * 60
                else { return nil }
                offset = (h * 3600 + m * 60) * (bytes[index] == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        var timeZone = zone
        if let offset {
            guard let fixed = TimeZone(secondsFromGMT: offset) else { return nil }
            timeZone = fixed
        }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, zone: timeZone)
    }

    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// The site-local text MindBody's query parameters take.
    static func format(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
