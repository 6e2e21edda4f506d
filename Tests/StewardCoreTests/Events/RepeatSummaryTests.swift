import Foundation
import Testing
@testable import StewardCore

/// Repeat rules in the words the editor shows under them.
@Suite struct RepeatSummaryTests {
    let chicago = TimeZone(identifier: "America/Chicago")!

    func summary(_ rule: String, starts: String = "2026-12-02T19:00") throws -> String {
        let start = DateTimeText.parse(starts, zone: chicago)!
        let timing = EventTiming.timed(start: start, end: start.addingTimeInterval(3600), timeZone: "America/Chicago")
        return RepeatSummary.text(try RepeatRule(rule), timing: timing, zone: chicago)
    }

    @Test func commonRulesReadAsPeopleSayThem() throws {
        #expect(try summary("FREQ=WEEKLY") == "Every Wednesday at 19:00")
        #expect(try summary("FREQ=WEEKLY;BYDAY=WE;UNTIL=20270602T235959Z") == "Every Wednesday at 19:00 until 2 Jun 2027")
        #expect(try summary("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO") == "Every 2 weeks on Monday and Thursday at 19:00")
        #expect(try summary("FREQ=DAILY;COUNT=5") == "Every day at 19:00, 5 times")
        #expect(try summary("FREQ=MONTHLY;BYDAY=1SU") == "Monthly on the first Sunday at 19:00")
        #expect(try summary("FREQ=MONTHLY;BYDAY=-1FR") == "Monthly on the last Friday at 19:00")
        #expect(try summary("FREQ=MONTHLY") == "Monthly on day 2 at 19:00")
        #expect(try summary("FREQ=YEARLY") == "Every year on 2 Dec at 19:00")
        let first = LocalDate(iso: "2028-02-29")!
        #expect(RepeatSummary.text(try RepeatRule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"), timing: .allDay(first: first, last: first),
                                   zone: chicago) == "Every year on 29 Feb")
    }

    @Test func aRuleThatNeedsMoreWordsReadsAsCustom() throws {
        #expect(try summary("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") == "Custom: FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
    }
}
