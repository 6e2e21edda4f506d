import Foundation
import Testing
@testable import StewardCore

/// A decision made at this console shows in the trail at once; the store writes the trail
/// entry itself when it applies the decision, and then the console's own stands down.
@Suite("A decision waiting for the store")
struct SubmissionDecisionWaitingTests {
    private static let submitted = SubmissionTransition(from: SubmissionTransition.newWord, to: "pending", by: "member:rosa",
                                                        at: DateTimeText.parseUTC("2026-11-28T10:00")!, reason: "", basedOn: 1)

    private static func submission(trail: [SubmissionTransition], status: SubmissionStatus, decidedAt: String?) -> SubmissionRecord {
        var fields: [String: JSONValue] = ["title": .string("Porch Carols"), "status": .string(status.rawValue),
                                           "trail": .array(trail.map(\.json))]
        if let decidedAt {
            fields["decidedAt"] = .string(decidedAt)
            fields["decidedBy"] = .string("office@riverton.example")
            fields["reason"] = .string("Add a contact email")
        }
        return SubmissionRecord(fields: .object(fields))
    }

    @Test("a decision the store has not applied is the trail's next entry")
    func waiting() throws {
        let record = Self.submission(trail: [Self.submitted], status: .changesRequested, decidedAt: "2026-11-28T11:00:00.000Z")
        let waiting = try #require(record.decisionWaitingForTheStore)
        #expect(waiting.from == "pending")
        #expect(waiting.to == "changes-requested")
        #expect(waiting.by == "office@riverton.example")
        #expect(waiting.reason == "Add a contact email")
    }

    @Test("once the store's trail has the decision, or there is none, nothing waits")
    func applied() {
        let stored = SubmissionTransition(from: "pending", to: "changes-requested", by: "office@riverton.example",
                                          at: DateTimeText.parseUTC("2026-11-28T11:00:02")!, reason: "Add a contact email", basedOn: 2)
        #expect(Self.submission(trail: [Self.submitted, stored], status: .changesRequested,
                                decidedAt: "2026-11-28T11:00:00.000Z").decisionWaitingForTheStore == nil)
        #expect(Self.submission(trail: [Self.submitted], status: .pending, decidedAt: nil).decisionWaitingForTheStore == nil)
    }
}
