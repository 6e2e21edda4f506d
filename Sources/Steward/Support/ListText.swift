import Foundation
import StewardCore

/// Short texts for lists: "updated" times, in the words a list column has room for.
enum ListText {
    /// "Today, 14:02", "Yesterday, 09:15", "3 Nov", "3 Nov 2025".
    static func updated(_ date: Date, now: Date = Date()) -> String {
        RelativeDateText.text(date, now: now)
    }
}
