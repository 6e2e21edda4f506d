import Foundation

/// Calendar arithmetic on plain integers (proleptic Gregorian, days since 1970-01-01), after
/// Howard Hinnant's algorithms. Foundation's Calendar and DateFormatter go through ICU and cost
/// tens of microseconds a call; bulk writes do several per event, so the hot paths use this.
enum CivilTime {
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    struct Fields {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    /// The wall-clock fields of an instant in a zone.
    static func fields(_ date: Date, zone: TimeZone?) -> Fields {
        let offset = zone.map { Double($0.secondsFromGMT(for: date)) } ?? 0
        // To the nearest millisecond: a stored .127 comes back as 0.12699999… seconds.
        let totalMillis = Int(((date.timeIntervalSince1970 + offset) * 1000).rounded())
        var days = totalMillis / 86_400_000
        var millisOfDay = totalMillis % 86_400_000
        if millisOfDay < 0 {
            millisOfDay += 86_400_000
            days -= 1
        }
        let (y, m, d) = civil(days: days)
        let seconds = millisOfDay / 1000
        return Fields(year: y, month: m, day: d, hour: seconds / 3600, minute: (seconds % 3600) / 60,
                      second: seconds % 60, millisecond: millisOfDay % 1000)
    }

    /// The instant a wall-clock time names in a zone, as Foundation's Calendar reads it: a time
    /// that happens twice (the hour after clocks go back) is its first occurrence; a time that
    /// never happens (clocks went forward) is read with the offset before the change, so 02:30
    /// on a spring-forward night is 03:30.
    static func instant(year: Int, month: Int, day: Int, seconds: Double, zone: TimeZone) -> Date {
        let local = Double(days(year: year, month: month, day: day)) * 86_400 + seconds
        // Zone transitions are months apart: at most one lies within twelve hours.
        let before = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 43_200)))
        let after = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 43_200)))
        if before == after { return Date(timeIntervalSince1970: local - before) }
        let valid = [local - before, local - after].filter {
            Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == local - $0
        }
        return Date(timeIntervalSince1970: valid.min() ?? local - before)
    }

    /// Appends `value` with at least `width` digits.
    static func appendPadded(_ value: Int, width: Int, to out: inout String) {
        let digits = String(value)
        if digits.count < width { out += String(repeating: "0", count: width - digits.count) }
        out += digits
    }
}
