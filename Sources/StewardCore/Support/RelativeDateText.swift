import Foundation
import Translation

/// When something happened, in the few words a list column has room for: "Today, 14:02",
/// "Yesterday, 09:15", "3 Nov", "3 Nov 2025".
public enum RelativeDateText {
    public static func text(_ date: Date, now: Date = Date(), zone: TimeZone = .current) -> String {
        let day = LocalDate(date, in: zone)
        let today = LocalDate(now, in: zone)
        let dayNumber = CivilTime.days(year: day.year, month: day.month, day: day.day)
        let todayNumber = CivilTime.days(year: today.year, month: today.month, day: today.day)
        if dayNumber == todayNumber {
            return tr("Today, {time}", ["time": DatePatternText.format(date, "HH:mm", zone: zone)])
        }
        if dayNumber == todayNumber - 1 {
            return tr("Yesterday, {time}", ["time": DatePatternText.format(date, "HH:mm", zone: zone)])
        }
        return DatePatternText.format(date, day.year == today.year ? "d MMM" : "d MMM yyyy", zone: zone)
    }
}
