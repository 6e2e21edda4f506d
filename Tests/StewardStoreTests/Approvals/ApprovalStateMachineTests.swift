import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// The state machine the store enforces, every move and every refused one, on every backend.
@Suite("Approval state machine")
struct ApprovalStateMachineTests {
    @Test("approving publishes the event and tells the submitter", arguments: Backend.available)
    func approve(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            let base = try #require(try await store.stored("submission", id)?.version)
            let result = try await store.decide(id, "approved")
            #expect(result.status == .applied, "\(result)")
            #expect(try await store.liveEventTitles() == ["Riverside clean-up"])
            let event = try #require(try await store.stored("event", id))
            #expect(event.fields["locationName"]?.stringValue == "Riverside Park")
            let submission = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields)
            let last = try #require(submission.trail.last)
            #expect((last.from, last.to, last.by, last.basedOn) == ("pending", "approved", store.staffEmail(.approver), base))
            #expect(try await store.mine("notifications", member).first?["message"]?.stringValue == "Approved")
        }
    }

    @Test("changes requested with a stock reason, edited, resubmitted, approved", arguments: Backend.available)
    func changesRequested(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            let noReason = try await store.decide(id, "changes-requested")
            #expect(noReason.status == .rejected)
            #expect(noReason.reason == "reason: is required to request changes")
            let asked = try await store.decide(id, "changes-requested", reason: "add a contact e-mail")
            #expect(asked.status == .applied)
            let notes = try await store.mine("notifications", member)
            #expect(notes.first?["message"]?.stringValue == "Changes requested: add a contact e-mail")
            let mine = try await store.mine("submissions", member)
            #expect(mine.first?["status"]?.stringValue == "changes-requested")
            #expect(mine.first?["reason"]?.stringValue == "add a contact e-mail")

            guard case .object(var fields) = TestStore.eventFields("Riverside clean-up") else { return }
            fields["contactEmail"] = .string("robin@residents.example")
            let edited = try await store.edit(member, id, .object(fields))
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(try await store.submissionStatus(id) == "pending")
            #expect(try await store.decide(id, "approved").status == .applied)
            #expect(try await store.stored("event", id)?.fields["contactEmail"]?.stringValue == "robin@residents.example")
            let moves = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields).trail
            #expect(moves.map { "\($0.from)>\($0.to)" } == ["new>pending", "pending>changes-requested",
                                                             "changes-requested>pending", "pending>approved"])
        }
    }

    @Test("a rejected submission is kept and cannot move again", arguments: Backend.available)
    func reject(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.decide(id, "rejected").reason == "reason: is required to reject")
            #expect(try await store.decide(id, "rejected", reason: "Not a community event").status == .applied)
            #expect(try await store.stored("submission", id)?.deleted == false)
            #expect(try await store.mine("submissions", member).first?["reason"]?.stringValue == "Not a community event")
            let edit = try await store.edit(member, id, TestStore.eventFields("Try again"))
            #expect(edit.status == .conflict)
            #expect(edit.errorBody?.error == ErrorResponse.Code.notEditable)
            let approve = try await store.decide(id, "approved")
            #expect(approve.status == .rejected)
            #expect(approve.reason == "the submission is already rejected; it cannot become approved")
            #expect(try await store.liveEventTitles().isEmpty)
        }
    }

    @Test("every move staff may not make is refused with its reason, changing nothing", arguments: Backend.available)
    func refusedMoves(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.decide(id, "pending").reason
                    == "staff cannot send a submission back to pending; request changes instead")
            #expect(try await store.decide(id, "published").reason == "status: must be one of pending, approved, rejected, changes-requested")
            let editor = try await store.decide(id, "approved", token: store.staffTokens[.editor])
            #expect(editor.reason == "the editor role cannot decide on submissions; approvers and admins do")
            let staffToken = try await store.decide(id, "approved", token: store.staff)
            #expect(staffToken.status == .rejected)
            let viewer = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "submission", recordId: id, operation: .upsert, baseVersion: 1,
                         fields: .object(["status": .string("approved")]))]), token: store.staffTokens[.viewer])
            #expect(viewer.status == .forbidden)
            let delete = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "submission", recordId: id, operation: .delete,
                         baseVersion: try await store.stored("submission", id)!.version, fields: nil)]))
            #expect(try delete.decode(PushResponse.self).results.first?.status == .rejected)
            let made = try await store.decide(id: Fixtures.newRecordId(), fields: ["status": .string("pending")], base: 0)
            #expect(made.status == .rejected)
            let notification = try await store.decide(entity: "notification", id: Fixtures.newRecordId(),
                                                      fields: ["message": .string("forged")], base: 0)
            #expect(notification.status == .rejected)
            #expect(try await store.submissionStatus(id) == "pending")
            // From approved, nothing more.
            #expect(try await store.decide(id, "approved", token: store.admin).status == .applied)
            for status in ["approved", "rejected", "changes-requested"] {
                #expect(try await store.decide(id, status, reason: "why").status == .rejected)
            }
            #expect(try await store.decide(id, "changes-requested", reason: "x").reason
                    == "the submission is already approved; it cannot become changes-requested")
        }
    }

    @Test("two approvers deciding at once: one decision, one conflict", arguments: Backend.available)
    func twoApprovers(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            let base = try #require(try await store.stored("submission", id)?.version)
            async let first = store.decide(id, "approved", base: base, token: store.staffTokens[.approver])
            async let second = store.decide(id, "rejected", reason: "Duplicate", base: base, token: store.staffTokens[.admin])
            let answers = try await [first, second]
            #expect(answers.filter { $0.status == .applied }.count == 1, "\(answers)")
            let conflict = try #require(answers.first { $0.status == .conflict })
            let winner = try #require(try await store.submissionStatus(id))
            #expect(conflict.record?.fields["status"]?.stringValue == winner)
            let moves = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields).trail
            #expect(moves.count == 2)
            #expect(try await store.mine("notifications", member).count == 2)
        }
    }

    @Test("a trusted organizer's submission is approved on arrival and recorded as such", arguments: Backend.available)
    func trustedOrganizer(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let organizer = try await store.newMember("ada", organizer: true)
            let id = try await store.submitOK(organizer, "Porch concert")
            #expect(try await store.submissionStatus(id) == "approved")
            #expect(try await store.liveEventTitles() == ["Porch concert"])
            let trail = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields).trail
            #expect(trail.map { "\($0.from)>\($0.to)" } == ["new>approved"])
            #expect(trail.first?.reason == "trusted organizer: approved on arrival")
            // Only admins make organizers.
            let member = try await store.newMember()
            let byApprover = try await store.decide(entity: "member", id: member.id, fields: ["role": .string("organizer")],
                                                    token: store.staffTokens[.approver])
            #expect(byApprover.reason == "the approver role cannot change members; admins do")
        }
    }

    @Test("while a change waits for review members keep the approved version; approved, it goes live",
          arguments: Backend.available)
    func reReview(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.decide(id, "approved").status == .applied)
            let approvedEvent = try #require(try await store.stored("event", id))

            let later = Date().addingTimeInterval(9 * 86_400)
            let edited = try await store.edit(member, id, TestStore.eventFields("Riverside clean-up", start: later,
                                                                                 location: "Mill Pond"))
            #expect(edited.status == .ok, "\(edited.text)")
            let submission = SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields)
            #expect(submission.status == .pending)
            #expect(submission.isReReview)
            #expect(Set(submission.changes.map(\.field)) == ["startsAt", "endsAt", "locationName"])
            #expect(submission.changes.first { $0.field == "locationName" }?.approved == "Riverside Park")
            #expect(submission.changes.first { $0.field == "locationName" }?.proposed == "Mill Pond")
            // Members still see the approved version.
            #expect(try await store.stored("event", id) == approvedEvent)
            let upcoming = try await store.upcoming().decode(UpcomingEventsResponse.self).events
            #expect(upcoming.first?.fields["locationName"]?.stringValue == "Riverside Park")

            #expect(try await store.decide(id, "approved").status == .applied)
            let live = try await store.upcoming().decode(UpcomingEventsResponse.self).events
            #expect(live.first?.fields["locationName"]?.stringValue == "Mill Pond")
            #expect(SubmissionRecord(fields: try #require(try await store.stored("submission", id)).fields).changes.isEmpty)
        }
    }

    @Test("a description change of an approved event waits too; an unchanged edit changes nothing",
          arguments: Backend.available)
    func otherEdits(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.decide(id, "approved").status == .applied)
            let before = try #require(try await store.stored("submission", id))
            let stored = try #require(try await store.stored("event", id))
            // Sending the same event again is no change.
            #expect(try await store.edit(member, id, SubmissionFields.eventPart(before.fields)).status == .ok)
            #expect(try await store.stored("submission", id)?.version == before.version)
            guard case .object(var fields) = SubmissionFields.eventPart(before.fields) else { return }
            fields["description"] = .string("Bring gloves.")
            #expect(try await store.edit(member, id, .object(fields)).status == .ok)
            #expect(try await store.submissionStatus(id) == "pending")
            #expect(try await store.stored("event", id) == stored)
        }
    }

    @Test("staff edits of an approved event stay approved and survive the next approval", arguments: Backend.available)
    func staffEdits(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.decide(id, "approved").status == .applied)
            let event = try #require(try await store.stored("event", id))
            guard case .object(var fields) = event.fields else { return }
            fields["host"] = .string("City office")
            let pushed = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Mutation(id: 1, entity: "event", recordId: id, operation: .upsert, baseVersion: event.version,
                         fields: .object(fields))]), token: store.staffTokens[.editor])
            #expect(pushed.results.first?.status == .applied)
            #expect(try await store.submissionStatus(id) == "approved")
            // The submitter then moves it; the approval keeps staff's host.
            let submitted = try #require(try await store.stored("submission", id))
            guard case .object(var proposal) = SubmissionFields.eventPart(submitted.fields) else { return }
            proposal["locationName"] = .string("Town Hall")
            #expect(try await store.edit(member, id, .object(proposal)).status == .ok)
            #expect(try await store.decide(id, "approved").status == .applied)
            let live = try #require(try await store.stored("event", id))
            #expect(live.fields["host"]?.stringValue == "City office")
            #expect(live.fields["locationName"]?.stringValue == "Town Hall")
        }
    }
}
