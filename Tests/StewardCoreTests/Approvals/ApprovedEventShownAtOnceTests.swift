import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Approving a member's submission on the console shows its event in Events at once, as the
/// store will publish it, without sending it: it is the store's record, shown ahead of the store.
@Suite("An approved submission's event shows at once")
struct ApprovedEventShownAtOnceTests {
    /// A submission as the store sends it: pending, at version 1.
    private static func pulledSubmission(_ title: String, id: UUID, f: Fixture) async throws {
        let zone = f.org.timeZone
        let start = DateTimeText.parse("2026-12-16T20:00", zone: zone)!
        let details = EventDetails(title: title, locationName: "Hall",
                                   timing: .timed(start: start, end: start.addingTimeInterval(7200), timeZone: zone.identifier))
        var submission = SubmissionRecord(event: details.syncFields, submitterId: "m1", submitterName: "Rosa",
                                          submitterEmail: "rosa@mail.example", at: Date())
        submission.move(to: .pending, by: "member:m1", at: Date(), reason: "", basedOn: 0)
        let record = RemoteRecord(entity: RecordType.submission.entity, id: UUIDColumn.encode(id), version: 1,
                                  deleted: false, fields: submission.json)
        _ = try await f.database.writer.write { db in try RemoteApply.apply(record, org: f.org, db) }
    }

    @Test("approving writes the event under the submission's id, with no outbox entry of its own")
    func approvingShowsTheEvent() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Youth party", id: id, f: f)
        try await ApprovalService(database: f.database).decide([id], to: .approved, reason: "", in: f.org)

        let event = try #require(try await f.events.event(id: id))
        #expect(event.details.title == "Youth party")
        let outboxOfEvent = try await f.database.writer.read { db in
            try SyncIssues.hasOutbox(entity: RecordType.event.entity, recordId: UUIDColumn.encode(id), db)
        }
        #expect(!outboxOfEvent, "the store publishes the event; the console does not send it")
        #expect(try await f.outboxCount() == 1, "only the decision goes to the store")
    }

    @Test("bulk approval shows every event")
    func bulk() async throws {
        let f = try await Fixture()
        let ids = [UUID(), UUID()]
        try await Self.pulledSubmission("Carols", id: ids[0], f: f)
        try await Self.pulledSubmission("Bake sale", id: ids[1], f: f)
        try await ApprovalService(database: f.database).decide(ids, to: .approved, reason: "", in: f.org)
        #expect(try await f.events.event(id: ids[0])?.details.title == "Carols")
        #expect(try await f.events.event(id: ids[1])?.details.title == "Bake sale")
    }

    @Test("a decision other than approval writes no event")
    func otherDecisions() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Carols", id: id, f: f)
        try await ApprovalService(database: f.database).decide([id], to: .rejected, reason: "Not ours", in: f.org)
        #expect(try await f.events.event(id: id) == nil)
    }

    @Test("the pull replaces the shown event by the store's, with no conflict and nothing to send")
    func pullReplaces() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Carols", id: id, f: f)
        try await ApprovalService(database: f.database).decide([id], to: .approved, reason: "", in: f.org)
        var published = try #require(try await f.database.writer.read { db in
            try RecordTypes.storage(for: RecordType.event.entity).fetch(entity: RecordType.event.entity, id: UUIDColumn.encode(id), db)
        })
        #expect(published.version == 0)
        guard case .object(var fields) = published.fields else { Issue.record("no fields"); return }
        fields["title"] = .string("Porch carols")
        published.fields = .object(fields)
        let remote = RemoteRecord(entity: RecordType.event.entity, id: UUIDColumn.encode(id), version: 7, deleted: false,
                                  fields: published.fields)
        let outcome = try await f.database.writer.write { db in try RemoteApply.apply(remote, org: f.org, db) }
        #expect(outcome == .applied)
        #expect(try await f.events.event(id: id)?.details.title == "Porch carols")
        #expect(try await f.eventCount() == 1)
    }

    @Test("the pull bringing the submission back not approved removes the shown event")
    func pullWithdraws() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Carols", id: id, f: f)
        let approvals = ApprovalService(database: f.database)
        try await approvals.decide([id], to: .approved, reason: "", in: f.org)
        #expect(try await f.events.event(id: id) != nil)
        // Someone else rejected it first: the store's submission comes back rejected, and the
        // console's decision, having lost, is out of the outbox (resolved for the store's side).
        try await f.database.writer.write { db in try db.execute(sql: "DELETE FROM outbox") }
        let local = try #require(try await RecordService(database: f.database).record(.submission, id: id, in: f.org))
        var stored = SubmissionRecord(fields: local.fields)
        stored.status = .rejected
        let remote = RemoteRecord(entity: RecordType.submission.entity, id: UUIDColumn.encode(id), version: 2,
                                  deleted: false, fields: stored.json)
        _ = try await f.database.writer.write { db in try RemoteApply.apply(remote, org: f.org, db) }
        #expect(try await f.events.event(id: id) == nil, "nothing the store did not publish stays")
    }

    @Test("a re-review approval leaves the standing event, staff edits and all, to the pull")
    func reReviewLeavesTheEvent() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Carols", id: id, f: f)
        let zone = f.org.timeZone
        let start = DateTimeText.parse("2026-12-16T20:00", zone: zone)!
        let staffEdited = EventDetails(title: "Carols on the porch", locationName: "Hall",
                                       timing: .timed(start: start, end: start.addingTimeInterval(7200), timeZone: zone.identifier))
        let event = RemoteRecord(entity: RecordType.event.entity, id: UUIDColumn.encode(id), version: 3, deleted: false,
                                 fields: staffEdited.syncFields)
        _ = try await f.database.writer.write { db in try RemoteApply.apply(event, org: f.org, db) }
        try await ApprovalService(database: f.database).decide([id], to: .approved, reason: "", in: f.org)
        #expect(try await f.events.event(id: id)?.details.title == "Carols on the porch")
        #expect(try await f.events.event(id: id)?.version == 3)
    }

    @Test("editing or deleting the shown event before the sync is refused, saying to sync first")
    func editingIsRefused() async throws {
        let f = try await Fixture()
        let id = UUID()
        try await Self.pulledSubmission("Carols", id: id, f: f)
        try await ApprovalService(database: f.database).decide([id], to: .approved, reason: "", in: f.org)
        var details = try #require(try await f.events.event(id: id)).details
        details.title = "Porch carols"
        await #expect(throws: EventStoreError.waitingForTheStore(id)) {
            try await f.events.update(id, with: details, in: f.org)
        }
        await #expect(throws: EventStoreError.waitingForTheStore(id)) {
            try await f.events.delete(id, in: f.org)
        }
        #expect(EventStoreError.waitingForTheStore(id).description.contains("sync first"))
        #expect(try await f.events.event(id: id)?.details.title == "Carols")
        #expect(try await f.outboxCount() == 1, "only the decision waits to go")
    }
}
