import Foundation
import Testing
@testable import StewardCore

/// A member's submission can repeat: the approval queue's detail says how, in plain words.
@Suite("Repeating submissions")
struct SubmissionRepeatsTests {
    static func submission(repeat rule: String?) throws -> SubmissionRecord {
        let start = CivilTime.instant(year: 2026, month: 12, day: 1, seconds: 10 * 3600, zone: TimeZone(identifier: "Europe/Paris")!)
        var details = EventDetails(title: "Story time", timing: .timed(start: start, end: start.addingTimeInterval(3600),
                                                                      timeZone: "Europe/Paris"))
        if let rule { details.repeats = EventRepeats(rule: try RepeatRule(rule)) }
        let event = try RecordType.event.validate(details.syncFields, orgZone: .gmt)
        return SubmissionRecord(event: event, submitterId: UUID().uuidString.lowercased(), submitterName: "Robin",
                                submitterEmail: "robin@residents.example", at: start.addingTimeInterval(-86_400))
    }

    @Test("a repeating submission reads as its rule in plain words; one that happens once has none")
    func summary() throws {
        let zone = TimeZone(identifier: "Europe/Paris")!
        let weekly = try Self.submission(repeat: "FREQ=WEEKLY;BYDAY=TU;COUNT=6")
        #expect(weekly.repeatSummary(zone: zone) == "Every Tuesday at 10:00, 6 times")
        #expect(try Self.submission(repeat: nil).repeatSummary(zone: zone) == nil)
    }
}
