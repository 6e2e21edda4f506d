import Foundation
import StewardCore

/// Short texts for lists: counts and "updated" times, in the words a list column has room for.
enum ListText {
    static func eventCount(_ n: Int) -> String {
        n == 1 ? "1 event" : "\(n.formatted()) events"
    }

    /// "Today, 14:02", "Yesterday, 09:15", "3 Nov", "3 Nov 2025".
    static func updated(_ date: Date, now: Date = Date(), calendar: Calendar = .current) -> String {
        let time = format(date, "HH:mm", calendar)
        if calendar.isDate(date, inSameDayAs: now) { return "Today, \(time)" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now),
           calendar.isDate(date, inSameDayAs: yesterday) { return "Yesterday, \(time)" }
        if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            return format(date, "d MMM", calendar)
        }
        return format(date, "d MMM yyyy", calendar)
    }

    private static func format(_ date: Date, _ pattern: String, _ calendar: Calendar) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
