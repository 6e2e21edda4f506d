import Foundation
import Testing
@testable import StewardCore

/// The fast calendar arithmetic must agree with Foundation's Calendar everywhere it is used.
@Suite struct CivilTimeTests {
    let zones = ["America/Chicago", "America/New_York", "Europe/London", "Australia/Lord_Howe",
                 "Asia/Kolkata", "Pacific/Chatham", "UTC", "America/St_Johns"].map { TimeZone(identifier: $0)! }

    @Test func fieldsMatchCalendarForRandomInstants() {
        var random = SystemRandomNumberGenerator()
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for _ in 0..<400 {
                let seconds = Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &random))
                let date = Date(timeIntervalSince1970: seconds)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let f = CivilTime.fields(date, zone: zone)
                #expect([f.year, f.month, f.day, f.hour, f.minute, f.second] == [c.year, c.month, c.day, c.hour, c.minute, c.second],
                        "\(date) in \(zone.identifier)")
            }
        }
    }

    @Test func startOfDayMatchesCalendarAcrossDaylightSavingChanges() {
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var day = LocalDate(year: 2026, month: 1, day: 1)
            for _ in 0..<366 {
                let expected = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
                #expect(day.startOfDay(in: zone) == expected, "\(day) in \(zone.identifier)")
                day = day.adding(days: 1)
            }
        }
    }

    @Test func dayCountsRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = CivilTime.civil(days: days)
            #expect(CivilTime.days(year: y, month: m, day: d) == days)
        }
        #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.days(year: 2000, month: 3, day: 1) == 11_017)
    }

    @Test func textFormsReadBackToTheSameInstant() {
        let chicago = TimeZone(identifier: "America/Chicago")!
        let date = Date(timeIntervalSince1970: 1_796_400_123.456)
        #expect(DateTimeText.parseUTC(DateTimeText.utc(date))?.timeIntervalSince1970 == 1_796_400_123.456)
        #expect(DateTimeText.parse(DateTimeText.iso(date, zone: chicago), zone: .gmt)?.timeIntervalSince1970 == 1_796_400_123)
        #expect(DateTimeText.storage(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00.000")
        #expect(DateTimeText.iso(Date(timeIntervalSince1970: 0), zone: chicago) == "1969-12-31T18:00:00-06:00")
        // 02:30 does not exist on the spring-forward night in Chicago; it reads as 03:30 CDT.
        let gap = DateTimeText.parse("2026-03-08T02:30", zone: chicago)!
        #expect(DateTimeText.local(gap, zone: chicago) == "2026-03-08T03:30")
    }
}
