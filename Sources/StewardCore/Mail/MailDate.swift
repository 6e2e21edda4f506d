import Foundation

/// The Date header's text, RFC 5322 section 3.3: "Sun, 29 Nov 2026 09:05:00 +0100". Day and
/// month names are the standard's English ones in every locale (a Spanish office's console
/// must not write "dom, 29 nov"), so they are spelled here rather than asked of a formatter.
public enum MailDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let zone = sign + two(abs(offset) / 60) + two(abs(offset) % 60)
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day ?? 1)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0)):\(two(parts.second ?? 0)) \(zone)"
    }
}
