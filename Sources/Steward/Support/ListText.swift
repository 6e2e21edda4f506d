import Foundation
import StewardCore

/// Short texts for lists: counts and "updated" times, in the words a list column has room for.
enum ListText {
    static func eventCount(_ n: Int) -> String {
        RecordType.event.nouns.count(n)
    }

    /// "Today, 14:02", "Yesterday, 09:15", "3 Nov", "3 Nov 2025".
    static func updated(_ date: Date, now: Date = Date()) -> String {
        RelativeDateText.text(date, now: now)
    }
}
