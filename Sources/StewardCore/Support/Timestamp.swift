import Foundation
import GRDB

extension Date {
    /// Now, as SQLite keeps it: GRDB writes a date as text to the millisecond, and this is the
    /// date that text reads back as, so a value returned by a write equals the value read back
    /// later. (Rounding the seconds by hand is not enough: the text's milliseconds are turned
    /// back into a date through the calendar, which does not always land on the same double.)
    public static var storedNow: Date {
        let now = Date()
        return Date.fromDatabaseValue(now.databaseValue)
            ?? Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
