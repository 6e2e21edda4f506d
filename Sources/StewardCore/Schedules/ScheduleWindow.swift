import Foundation

/// The stretch of time a refresh asks a booking service about: the past week (late changes to
/// classes just held) and the coming eight weeks the owner reviews.
public enum ScheduleWindow {
    public static let daysBack = 7
    public static let daysAhead = 56

    public static func standard(now: Date, zone: TimeZone) -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        let start = calendar.date(byAdding: .day, value: -daysBack, to: today) ?? today
        let end = calendar.date(byAdding: .day, value: daysAhead, to: today) ?? today
        return DateInterval(start: start, end: end)
    }
}
