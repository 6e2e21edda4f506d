import Foundation
import Testing
@testable import StewardCore
import Translation

/// The hand-written date patterns must read exactly as DateFormatter (en_GB) would write them.
@Suite("Dates in fixed patterns")
struct DatePatternTextTests {
    static let patterns = ["EEE d MMM yyyy", "d MMM yyyy", "d MMM", "EEE d MMM yyyy, HH:mm", "HH:mm", "EEE d MMM, HH:mm", "HH:mm:ss"]
    static let zones = ["America/Chicago", "Europe/London", "Asia/Kolkata", "Pacific/Auckland", "UTC"]

    @Test("the same text as DateFormatter, for dates across two centuries and zones with odd offsets",
          arguments: patterns)
    func sameAsDateFormatter(_ pattern: String) throws {
        var generator = SystemRandomNumberGenerator()
        for zoneName in Self.zones {
            let zone = try #require(TimeZone(identifier: zoneName))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            // From 1950 to 2150, and the edges of a day and of a leap year.
            var dates = (0..<200).map { _ in Date(timeIntervalSince1970: Double.random(in: -631_152_000...5_680_281_600, using: &generator)) }
            dates += ["2024-02-29T23:59:59Z", "2024-03-01T00:00:00Z", "1970-01-01T00:00:00Z", "2026-11-01T06:30:00Z"]
                .compactMap(DateTimeText.parseUTC)
            for date in dates {
                #expect(DatePatternText.format(date, pattern, zone: zone, locale: .english) == formatter.string(from: date),
                        "\(pattern) in \(zoneName) at \(date.timeIntervalSince1970)")
            }
        }
    }

    @Test("names and the clock follow the locale: Spanish names, a 12-hour clock where the locale keeps one")
    func followsTheLocale() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Madrid"))
        let evening = try #require(DateTimeText.parse("2026-12-06T18:05", zone: zone))
        let spanish = LocaleFormats(
            weekdayAbbreviations: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
            monthAbbreviations: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
            twelveHour: false, am: "", pm: "")
        #expect(DatePatternText.format(evening, "EEE d MMM yyyy, HH:mm", zone: zone, locale: spanish) == "dom 6 dic 2026, 18:05")
        var american = LocaleFormats.english
        american.twelveHour = true
        #expect(DatePatternText.format(evening, "EEE d MMM yyyy, HH:mm", zone: zone, locale: american) == "Sun 6 Dec 2026, 6:05 PM")
        let midnight = try #require(DateTimeText.parse("2026-12-06T00:30", zone: zone))
        let noon = try #require(DateTimeText.parse("2026-12-06T12:00", zone: zone))
        #expect(DatePatternText.format(midnight, "HH:mm", zone: zone, locale: american) == "12:30 AM")
        #expect(DatePatternText.format(noon, "HH:mm", zone: zone, locale: american) == "12:00 PM")
        #expect(LocaleFormats.usesTwelveHourClock(timeFormat: "%r"))
        #expect(LocaleFormats.usesTwelveHourClock(timeFormat: "%I:%M:%S %p"))
        #expect(!LocaleFormats.usesTwelveHourClock(timeFormat: "%T"))
        #expect(!LocaleFormats.usesTwelveHourClock(timeFormat: "%H:%M:%S"))
    }

    @Test func aListSaysTodayYesterdayThenTheDate() throws {
        let zone = try #require(TimeZone(identifier: "America/Chicago"))
        let now = try #require(DateTimeText.parse("2026-11-22T10:00", zone: zone))
        func at(_ text: String) throws -> Date { try #require(DateTimeText.parse(text, zone: zone)) }
        #expect(RelativeDateText.text(try at("2026-11-22T00:05"), now: now, zone: zone) == "Today, 00:05")
        #expect(RelativeDateText.text(try at("2026-11-21T23:59"), now: now, zone: zone) == "Yesterday, 23:59")
        #expect(RelativeDateText.text(try at("2026-11-03T14:02"), now: now, zone: zone) == "3 Nov")
        #expect(RelativeDateText.text(try at("2025-11-03T14:02"), now: now, zone: zone) == "3 Nov 2025")
        // New Year's Day looks back across the year.
        let newYear = try at("2027-01-01T09:00")
        #expect(RelativeDateText.text(try at("2026-12-31T18:00"), now: newYear, zone: zone) == "Yesterday, 18:00")
    }
}
