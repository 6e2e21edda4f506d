import Foundation

/// The Sundays around the reference date, in an organization's zone: week 0 is the week the
/// reference falls in (Sunday to Saturday), as in the demo calendars.
struct DemoWeeks {
    let zone: TimeZone
    private let calendar: Calendar
    private let weekStart: Date

    init(reference: Date, zone: TimeZone) {
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
        let today = calendar.startOfDay(for: reference)
        weekStart = calendar.date(byAdding: .day, value: 1 - calendar.component(.weekday, from: today), to: today)!
    }

    /// The Sunday of week `week` (negative: past weeks).
    func sunday(_ week: Int) -> LocalDate {
        LocalDate(calendar.date(byAdding: .day, value: week * 7, to: weekStart)!, in: zone)
    }

    /// `day` plus `days`, at `hour:minute` local time, as the editor takes it (`2026-11-19T12:00`).
    func localTime(_ day: LocalDate, plusDays days: Int = 0, hour: Int, minute: Int = 0) -> String {
        let shifted = day.adding(days: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        return "\(shifted.description)T\(two(hour)):\(two(minute))"
    }

    /// "November 22", as the office writes a bulletin's date.
    static func longDate(_ day: LocalDate) -> String {
        "\(months[day.month - 1]) \(day.day)"
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]
}
