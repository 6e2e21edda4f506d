import Foundation
import Testing
@testable import StewardCore

/// A submitted event that would double-book a place is said to clash with what is there.
@Suite struct SubmissionClashTests {
    func at(_ text: String, _ zone: TimeZone) -> Date { DateTimeText.parse(text, zone: zone)! }

    func timed(_ title: String, _ starts: String, hours: Double, place: String, zone: TimeZone) -> EventDetails {
        let start = at(starts, zone)
        return EventDetails(title: title, locationName: place,
                            timing: .timed(start: start, end: start.addingTimeInterval(hours * 3600), timeZone: zone.identifier))
    }

    func submission(_ details: EventDetails, id: UUID = UUID(), org: Organization) -> LocalRecord {
        let record = SubmissionRecord(event: details.syncFields, submitterId: "m1", submitterName: "Rosa",
                                      submitterEmail: "rosa@mail.example", at: Date())
        return LocalRecord(entity: RecordType.submission.entity, id: id, orgId: org.id, fields: record.json)
    }

    @Test func aSubmissionAtAPlaceAlreadyTakenNamesWhatItClashesWith() async throws {
        let f = try await Fixture()
        let zone = f.org.timeZone
        var choir = timed("Choir practice", "2026-12-02T19:00", hours: 1.5, place: "Hall", zone: zone)
        choir.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY;BYDAY=WE"))
        _ = try await f.events.create(choir, in: f.org)
        _ = try await f.events.create(timed("Vestry", "2026-12-16T19:00", hours: 2, place: "Chapel", zone: zone), in: f.org)
        let approvals = ApprovalService(database: f.database)

        let party = submission(timed("Youth party", "2026-12-16T20:00", hours: 2, place: " hall", zone: zone), org: f.org)
        let found = try await approvals.clashes(of: party, in: f.org)
        #expect(found.map(\.title) == ["Choir practice"])
        #expect(found.map(\.occurrence) == ["2026-12-16T19:00"])

        let elsewhere = submission(timed("Youth party", "2026-12-16T20:00", hours: 2, place: "Garden", zone: zone), org: f.org)
        #expect(try await approvals.clashes(of: elsewhere, in: f.org).isEmpty)
        let later = submission(timed("Youth party", "2026-12-16T20:30", hours: 2, place: "Hall", zone: zone), org: f.org)
        #expect(try await approvals.clashes(of: later, in: f.org).isEmpty, "choir ends at 20:30")
    }

    @Test func aReReviewDoesNotClashWithTheEventItAlreadyIs() async throws {
        let f = try await Fixture()
        let zone = f.org.timeZone
        let published = try await f.events.create(timed("Fair", "2026-12-05T10:00", hours: 6, place: "Green", zone: zone), in: f.org)
        let record = submission(timed("Fair", "2026-12-05T11:00", hours: 6, place: "Green", zone: zone), id: published.id, org: f.org)
        #expect(try await ApprovalService(database: f.database).clashes(of: record, in: f.org).isEmpty)
    }
}
