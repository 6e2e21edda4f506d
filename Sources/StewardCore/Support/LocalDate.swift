import Foundation

/// A calendar date with no time and no zone: what an all-day event spans.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, refusing dates that do not exist (2026-02-30).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= LocalDate.daysIn(month: m, year: y)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init(_ date: Date, in zone: TimeZone) {
        let fields = CivilTime.fields(date, zone: zone)
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    public var description: String {
        var text = ""
        text.reserveCapacity(10)
        CivilTime.appendPadded(year, width: 4, to: &text)
        text += "-"
        CivilTime.appendPadded(month, width: 2, to: &text)
        text += "-"
        CivilTime.appendPadded(day, width: 2, to: &text)
        return text
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Midnight at the start of this date in a zone.
    public func startOfDay(in zone: TimeZone) -> Date {
        CivilTime.instant(year: year, month: month, day: day, seconds: 0, zone: zone)
    }

    public func adding(days: Int) -> LocalDate {
        let (y, m, d) = CivilTime.civil(days: CivilTime.days(year: year, month: month, day: day) + days)
        return LocalDate(year: y, month: m, day: d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = date
    }
}
