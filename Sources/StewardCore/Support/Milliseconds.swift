import Foundation

/// Instants are stored as whole milliseconds since 1970 in both databases: an integer column
/// compares and indexes the same way in SQLite and PostgreSQL.
public enum Milliseconds {
    public static func from(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}
