import Foundation

/// Instants are stored as whole milliseconds since 1970 in both databases: an integer column
/// compares and indexes the same way in SQLite and PostgreSQL.
public enum Milliseconds {
    /// About 285,000 years either side of 1970: far past any real instant, and small enough
    /// that adding a lifetime or a window to it cannot overflow.
    public static let limit: Int64 = WireNumbers.maxCounter

    /// Clamped into ±`limit` rather than trapping: a far-off date (a huge lifetime given on the
    /// command line, say) must not take the store down when converted.
    public static func from(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite else { return value < 0 ? -limit : limit }
        return Int64(min(max(value, -Double(limit)), Double(limit)))
    }

    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}
