import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// What the store makes itself is stored only as its declaration reads it.
@Suite("Records the store makes")
struct RecordWriterTests {
    static func writer() -> RecordWriter {
        RecordWriter(org: OrgInfo(slug: "grace", name: "Grace", timeZone: "Europe/Paris"), records: [:],
                     author: "store", now: Date())
    }

    @Test func aStoreMadeRecordThatFailsItsDeclarationIsRefusedNamingTheFieldNotStoredRaw() {
        var writer = Self.writer()
        let id = Fixtures.newRecordId()
        let error = #expect(throws: (any Error).self) {
            try writer.write(RecordType.notification.entity, id, fields: .object(["message": .string(""), "status": .string("lost")]))
        }
        #expect(String(describing: error).contains("message"), "\(String(describing: error))")
        #expect(String(describing: error).contains(id), "\(String(describing: error))")
        #expect(writer.recordWrites.isEmpty && writer.historyWrites.isEmpty && writer.record(RecordType.notification.entity, id) == nil)
    }

    @Test func aDecisionWhoseSubmissionCannotBeStoredIsRefusedAndLeavesNothingInTheBatch() throws {
        let id = Fixtures.newRecordId()
        // A submission kept from before the rules changed: its submitter's email is no address.
        let submission = SubmissionRecord(event: Fixtures.untimed("Riverside clean-up"), submitterId: Fixtures.newRecordId(),
                                          submitterName: "Robin", submitterEmail: "robin at the river", at: Date())
        let (decision, writer) = ApprovalDecision.approve(submission, id: id)
        guard case .rejected(let reason) = decision else {
            Issue.record("stored a submission its rules refuse: \(decision)")
            return
        }
        #expect(reason.contains("submitter"), "\(reason)")
        #expect(writer.recordWrites.isEmpty && writer.historyWrites.isEmpty, "the event published first goes too")
        #expect(writer.record(SyncEntity.event, id) == nil)
    }

    @Test func aValidStoreMadeRecordIsStoredInItsCanonicalForm() throws {
        var writer = Self.writer()
        let id = Fixtures.newRecordId()
        try writer.write(RecordType.notification.entity, id, fields: .object(["message": .string("  Approved  ")]))
        #expect(writer.record(RecordType.notification.entity, id)?.fields["message"] == .string("Approved"))
    }
}
