import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Approving publishes the event members see; an event that no longer passes the rules (a
/// submission kept from before a rule changed) is not approved without it.
@Suite("Approving a submission whose event fails the rules")
struct ApprovalPublishTests {
    @Test func approvingIsRefusedWithTheEventsProblemAndChangesNothing() throws {
        let id = Fixtures.newRecordId(), member = Fixtures.newRecordId()
        guard case .object(var event) = Fixtures.untimed("Riverside clean-up") else { Issue.record("not an object"); return }
        event["contactEmail"] = .string("robin at the river")
        let submission = SubmissionRecord(event: .object(event), submitterId: member, submitterName: "Robin",
                                          submitterEmail: "robin@mail.example", at: Date())
        let (decision, writer) = ApprovalDecision.approve(submission, id: id)
        guard case .rejected(let reason) = decision else {
            Issue.record("approved without its event: \(decision)")
            return
        }
        #expect(reason.contains("contact-email"), "\(reason)")
        #expect(writer.recordWrites.isEmpty && writer.historyWrites.isEmpty, "nothing is written")
    }
}
