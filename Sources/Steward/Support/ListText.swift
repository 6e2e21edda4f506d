import Foundation
import StewardCore

/// Short texts for lists: counts and "updated" times, in the words a list column has room for.
enum ListText {
    static func eventCount(_ n: Int) -> String {
        n == 1 ? "1 event" : "\(grouped(n)) events"
    }

    /// 100030 as "100,030". By hand: `formatted()` starts an ICU number formatter, on the
    /// window's first frame.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var text = n < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// "Today, 14:02", "Yesterday, 09:15", "3 Nov", "3 Nov 2025".
    static func updated(_ date: Date, now: Date = Date()) -> String {
        RelativeDateText.text(date, now: now)
    }
}
