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

    /// `HH:MM:SS`, as itunes:duration takes it: 2712 seconds → `00:45:12`.
    static func clock(_ seconds: Int64) -> String {
        "\(two(Int(seconds / 3600))):\(two(Int(seconds % 3600 / 60))):\(two(Int(seconds % 60)))"
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
