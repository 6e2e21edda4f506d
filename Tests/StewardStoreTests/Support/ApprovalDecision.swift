import Foundation
import StewardCore
@testable import StewardStore

/// An approver approving a submission the store has kept (version 4), decided as a push would
/// decide it, with the writer the decision wrote into: for tests of what approving stores or
/// refuses without a running store.
enum ApprovalDecision {
    static func approve(_ submission: SubmissionRecord, id: String) -> (decision: PushPlanner.Decision, writer: RecordWriter) {
        let stored = RemoteRecord(entity: RecordType.submission.entity, id: id, version: 4, deleted: false, fields: submission.json)
        var writer = RecordWriter(org: OrgInfo(slug: "grace", name: "Grace", timeZone: "Europe/Paris", lastSeq: 4),
                                  records: [RecordKey(entity: stored.entity, id: id): stored], author: "staff:ann@grace.example",
                                  now: Date())
        let item = PushBatch.Item(id: 1, entity: RecordType.submission.entity, recordId: id, operation: .upsert, baseVersion: 4,
                                  fields: .object(["status": .string("approved")]))
        let decision = StaffDecisions.decide(item, type: .submission, current: stored,
                                             permissions: PushPermissions(decide: true, roleName: "approver"), writer: &writer)
        return (decision, writer)
    }
}
