import Foundation
import Testing
@testable import StewardCore

/// The approval state machine and the queue's search, as both the store and the console use them.
@Suite("Approval rules")
struct ApprovalRulesTests {
    @Test("staff may move a waiting submission, and never one already decided")
    func decisions() throws {
        for from in [SubmissionStatus.pending, .changesRequested] {
            try ApprovalRules.checkDecision(from: from, to: .approved, reason: "")
            try ApprovalRules.checkDecision(from: from, to: .rejected, reason: "Duplicate")
        }
        try ApprovalRules.checkDecision(from: .pending, to: .changesRequested, reason: "Add a contact email")
        for (from, to) in [(SubmissionStatus.approved, SubmissionStatus.rejected), (.rejected, .approved),
                           (.approved, .approved), (.changesRequested, .changesRequested), (.pending, .pending)] {
            #expect(throws: ApprovalRules.Refusal.self) { try ApprovalRules.checkDecision(from: from, to: to, reason: "x") }
        }
        #expect(throws: ApprovalRules.Refusal("reason: is required to reject")) {
            try ApprovalRules.checkDecision(from: .pending, to: .rejected, reason: "  ")
        }
        #expect(throws: ApprovalRules.Refusal.self) {
            try ApprovalRules.checkDecision(from: .pending, to: .rejected,
                                            reason: String(repeating: "x", count: ApprovalRules.maxReasonLength + 1))
        }
    }

    @Test("a submitter's edit: back to review unless trusted; nothing changed, nothing moves; rejected stays")
    func edits() throws {
        #expect(try ApprovalRules.statusAfterEdit(from: .approved, trusted: false, changedFields: ["startsAt"]) == .pending)
        #expect(try ApprovalRules.statusAfterEdit(from: .approved, trusted: false, changedFields: ["description"]) == .pending)
        #expect(try ApprovalRules.statusAfterEdit(from: .changesRequested, trusted: false, changedFields: ["title"]) == .pending)
        #expect(try ApprovalRules.statusAfterEdit(from: .approved, trusted: true, changedFields: ["locationName"]) == .approved)
        #expect(try ApprovalRules.statusAfterEdit(from: .approved, trusted: false, changedFields: []) == nil)
        #expect(throws: ApprovalRules.Refusal.self) {
            try ApprovalRules.statusAfterEdit(from: .rejected, trusted: true, changedFields: ["title"])
        }
    }

    @Test("notifications say what happened and why")
    func notifications() {
        #expect(ApprovalRules.notificationMessage(to: .changesRequested, from: .pending, reason: "add a contact e-mail",
                                                  automatic: false) == "Changes requested: add a contact e-mail")
        #expect(ApprovalRules.notificationMessage(to: .approved, from: .pending, reason: "", automatic: false) == "Approved")
        #expect(ApprovalRules.notificationMessage(to: .pending, from: .approved, reason: "", automatic: false)
                == "Your change is waiting for review")
    }

    @Test("a re-review lists each changed field as people read it")
    func reviewChanges() {
        let zone = TimeZone(identifier: "America/New_York")!
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        let approved = EventDetails(title: "Porch concert", locationName: "Elm Street",
                                    timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: zone.identifier)).syncFields
        let proposed = EventDetails(title: "Porch concert", locationName: "Bagg's Square",
                                    timing: .timed(start: start, end: start.addingTimeInterval(7200), timeZone: zone.identifier)).syncFields
        let changes = ReviewChange.between(approved: approved, proposed: proposed, zone: zone)
        #expect(changes.map(\.field) == ["locationName", "endsAt"])
        #expect(changes[0].approved == "Elm Street" && changes[0].proposed == "Bagg's Square")
    }

    @Test("the queue's search: every word starts a word, any case, any accents")
    func queueSearch() {
        let rows = [("Tomás' Garden Day", "Tomás Ortega"), ("Block party", "Rosa Delgado")].map { title, who in
            QueueRow(key: UUID().uuidString.lowercased(), status: .pending,
                     line: QueueRow.line(title: title, submitter: who, email: "", submittedAt: "", startsAt: "", place: "",
                                         reReview: false))
        }
        #expect(ApprovalQueue.filter(rows, search: "tomas gar").map(\.title) == ["Tomás' Garden Day"])
        #expect(ApprovalQueue.filter(rows, search: "ROSA").map(\.title) == ["Block party"])
        #expect(ApprovalQueue.filter(rows, search: "arden").isEmpty)
        #expect(ApprovalQueue.filter(rows, statuses: [.approved]).isEmpty)
        #expect(ApprovalQueue.filter(rows).count == 2)
    }
}
