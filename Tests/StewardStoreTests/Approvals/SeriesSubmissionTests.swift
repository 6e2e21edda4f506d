import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// A member's submission can repeat, on every backend: `repeat` (the RRULE value) is checked as
/// any event's rule, kept with the submission, shown back to the member, and approving it
/// publishes a series.
@Suite("Series submissions")
struct SeriesSubmissionTests {
    static func weekly(_ title: String, rule: String) -> JSONValue {
        guard case .object(var fields) = TestStore.eventFields(title) else { return .null }
        fields["repeat"] = .string(rule)
        return .object(fields)
    }

    @Test("a repeating submission is kept with its rule, and approving it publishes a series",
          arguments: Backend.available)
    func approvedSeries(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let response = try await store.submit(member, Self.weekly("Story time", rule: "FREQ=WEEKLY;COUNT=6"))
            #expect(response.status == .created, "\(response.text)")
            let answer = try JSONValue.parse(Data(response.body.readableBytesView))
            let id = try #require(answer["id"]?.stringValue)
            #expect(answer["event"]?["repeat"]?.stringValue == "FREQ=WEEKLY;COUNT=6")
            let submission = try #require(try await store.stored("submission", id))
            #expect(submission.fields["repeat"]?.stringValue == "FREQ=WEEKLY;COUNT=6")
            #expect(try RecordType.submission.validate(submission.fields, orgZone: .gmt) == submission.fields)

            #expect(try await store.decide(id, "approved").status == .applied)
            let event = try #require(try await store.stored("event", id))
            #expect(event.fields["repeat"]?.stringValue == "FREQ=WEEKLY;COUNT=6")
            let details = try EventDetails(syncFields: event.fields)
            let dates = Event(id: UUID(uuidString: id)!, orgId: UUID(), details: details)
                .occurrences(from: .distantPast, to: .distantFuture, zone: .gmt)
            #expect(dates.count == 6)
        }
    }

    @Test("a rule the events would refuse answers 400 naming repeat, and nothing is stored", arguments: Backend.available)
    func refusedRule(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            for rule in ["FREQ=HOURLY", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;COUNT=3;UNTIL=20270101T000000Z", "every week"] {
                let response = try await store.submit(member, Self.weekly("Story time", rule: rule))
                #expect(response.status == .badRequest, "\(rule): \(response.text)")
                #expect(response.errorBody?.message.hasPrefix("repeat:") == true, "\(rule): \(response.text)")
            }
            #expect(try await store.pullAll().records.allSatisfy { $0.entity != "submission" })
        }
    }

    @Test("an edit that makes a submission repeat is a change to review; one that happens once has no repeat",
          arguments: Backend.available)
    func editedToRepeat(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member, "Story time")
            #expect(try await store.stored("submission", id)?.fields["repeat"] == nil)
            #expect(try await store.decide(id, "approved").status == .applied)
            let edited = try await store.edit(member, id, Self.weekly("Story time", rule: "FREQ=WEEKLY;BYDAY=TU"))
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(try await store.submissionStatus(id) == "pending")
            let submission = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields)
            #expect(submission.changes.map(\.field).contains("repeat"), "\(submission.changes)")
            // Members keep seeing the approved event, happening once, until the review ends.
            #expect(try await store.stored("event", id)?.fields["repeat"] == nil)
            #expect(try await store.decide(id, "approved").status == .applied)
            #expect(try await store.stored("event", id)?.fields["repeat"]?.stringValue == "FREQ=WEEKLY;BYDAY=TU")
        }
    }
}
