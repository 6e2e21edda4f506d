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
        let stored = RemoteRecord(entity: RecordType.submission.entity, id: id, version: 4, deleted: false, fields: submission.json)
        var writer = RecordWriter(org: OrgInfo(slug: "grace", name: "Grace", timeZone: "Europe/Paris", lastSeq: 4),
                                  records: [RecordKey(entity: stored.entity, id: id): stored], author: "staff:ann@grace.example",
                                  now: Date())
        let item = PushBatch.Item(id: 1, entity: RecordType.submission.entity, recordId: id, operation: .upsert, baseVersion: 4,
                                  fields: .object(["status": .string("approved")]))
        let decision = StaffDecisions.decide(item, type: .submission, current: stored,
                                             permissions: PushPermissions(decide: true, roleName: "approver"), writer: &writer)
        guard case .rejected(let reason) = decision else {
            Issue.record("approved without its event: \(decision)")
            return
        }
        #expect(reason.contains("contact-email"), "\(reason)")
        #expect(writer.recordWrites.isEmpty && writer.historyWrites.isEmpty, "nothing is written")
    }
}
