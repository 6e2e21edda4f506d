import Foundation

/// The date and length forms podcast feeds use, written by hand: fixed English names whatever
/// the server's locale, and no formatter to share between requests.
enum FeedDates {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// RFC 822 (with a four-digit year, as RSS 2.0 readers expect), in UTC:
    /// `Sun, 06 Dec 2026 16:30:00 +0000`.
    static func rfc822(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day ?? 1)) \(months[(parts.month ?? 1) - 1]) "
            + "\(parts.year ?? 1970) \(two(parts.hour ?? 0)):\(two(parts.minute ?? 0)):\(two(parts.second ?? 0)) +0000"
    }

    /// HTTP's date (RFC 9110, IMF-fixdate): `Sun, 06 Dec 2026 16:30:00 GMT`.
    static func http(_ date: Date) -> String {
        String(rfc822(date).dropLast(5)) + "GMT"
    }

    /// An HTTP date as it comes in `If-Modified-Since`; nil when it is not one.
    static func parseHTTP(_ text: String) -> Date? {
        let words = text.split(separator: " ")
        guard words.count == 6, words[5] == "GMT", let day = Int(words[1]), let year = Int(words[3]),
              let month = months.firstIndex(of: String(words[2])) else { return nil }
        let clock = words[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(from: DateComponents(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2]))
    }

    /// `HH:MM:SS`, as itunes:duration takes it: 2712 seconds → `00:45:12`.
    static func clock(_ seconds: Int64) -> String {
        "\(two(Int(seconds / 3600))):\(two(Int(seconds % 3600 / 60))):\(two(Int(seconds % 60)))"
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
