import Foundation

extension Date {
    /// Now, to the millisecond: what SQLite keeps, so a value returned by a write equals the
    /// value read back later.
    public static var storedNow: Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
