import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// Members submitting and editing events, and reading their own, on every backend.
@Suite("Submissions")
struct SubmissionTests {
    @Test("a submission waits for review: in the feed for the console, not in the events members see",
          arguments: Backend.available)
    func submit(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            // As `stewardctl events show --json` prints it: extra keys are ignored.
            guard case .object(var fields) = TestStore.eventFields("Riverside clean-up") else { return }
            fields["id"] = .string("whatever"); fields["version"] = .int(3); fields["status"] = .string("Live")
            let response = try await store.submit(member, .object(fields))
            #expect(response.status == .created, "\(response.text)")
            let answer = try JSONValue.parse(Data(response.body.readableBytesView))
            let id = try #require(answer["id"]?.stringValue)
            #expect(answer["status"]?.stringValue == "pending")
            #expect(answer["event"]?["title"]?.stringValue == "Riverside clean-up")

            let record = try #require(try await store.pullAll().records.first { $0.entity == "submission" })
            #expect(record.id == id)
            #expect(record.fields["submitterId"]?.stringValue == member.id)
            #expect(record.fields["trail"]?.arrayValue?.first?["from"]?.stringValue == "new")
            #expect(try RecordType.submission.validate(record.fields, orgZone: .gmt) == record.fields)
            #expect(try await store.liveEventTitles().isEmpty)

            let mine = try await store.mine("submissions", member)
            #expect(mine.map { $0["id"]?.stringValue } == [id])
            let notes = try await store.mine("notifications", member)
            #expect(notes.first?["message"]?.stringValue == "Received: waiting for review")
        }
    }

    @Test("bad submissions answer 400 naming the field, and nothing is stored", arguments: Backend.available)
    func invalid(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            guard case .object(var fields) = TestStore.eventFields("x") else { return }
            fields["title"] = .string("")
            let noTitle = try await store.submit(member, .object(fields))
            #expect(noTitle.status == .badRequest)
            #expect(noTitle.errorBody?.message.hasPrefix("title:") == true, "\(noTitle.text)")
            fields["title"] = .string("Fine"); fields["contactEmail"] = .string("not an email")
            let badEmail = try await store.submit(member, .object(fields))
            #expect(badEmail.status == .badRequest)
            #expect(badEmail.errorBody?.message.contains("contact") == true, "\(badEmail.text)")
            let notObject = try await store.request(.post, "/v1/orgs/\(store.org)/submissions/events", token: member.access,
                                                    body: Data("[1, 2]".utf8))
            #expect(notObject.status == .badRequest)
            let huge = try await store.request(.post, "/v1/orgs/\(store.org)/submissions/events", token: member.access,
                                               body: Data(repeating: 0x20, count: SubmissionController.maxBodyBytes + 1))
            #expect(huge.status == .contentTooLarge)
            #expect(try await store.pullAll().records.allSatisfy { $0.entity != "submission" })
        }
    }

    @Test("text is stored as text", arguments: Backend.available)
    func textStaysText(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            guard case .object(var fields) = TestStore.eventFields("<script>alert(1)</script> & more") else { return }
            fields["description"] = .string("<b>bold</b> 'quotes' \"and\" émoji 🎉")
            let response = try await store.submit(member, .object(fields))
            let id = try #require(try JSONValue.parse(Data(response.body.readableBytesView))["id"]?.stringValue)
            let record = try #require(try await store.stored("submission", id))
            #expect(record.fields["title"]?.stringValue == "<script>alert(1)</script> & more")
            #expect(record.fields["description"]?.stringValue == "<b>bold</b> 'quotes' \"and\" émoji 🎉")
        }
    }

    @Test("a member edits only their own submissions", arguments: Backend.available)
    func ownOnly(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let owner = try await store.newMember()
            let other = try await store.newMember("kim")
            let id = try await store.submitOK(owner)
            let response = try await store.edit(other, id, TestStore.eventFields("Hijacked"))
            #expect(response.status == .notFound)
            #expect(try await store.edit(other, UUID().uuidString, TestStore.eventFields("x")).status == .notFound)
            #expect(try await store.mine("submissions", other).isEmpty)
            #expect(try await store.stored("submission", id)?.fields["title"]?.stringValue == "Riverside clean-up")
        }
    }

    @Test("submissions and edits are rate limited per member", arguments: Backend.available)
    func rateLimited(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.submissionsPerHour = 2
        try await TestStore.with(backend, configuration: configuration) { store in
            let member = try await store.newMember()
            let id = try await store.submitOK(member)
            #expect(try await store.edit(member, id, TestStore.eventFields("Second")).status == .ok)
            let third = try await store.submit(member, TestStore.eventFields("Third"))
            #expect(third.status == .tooManyRequests)
            #expect(third.errorBody?.error == ErrorResponse.Code.tooManyRequests)
            // Another member is not slowed down.
            _ = try await store.submitOK(try await store.newMember("kim"))
        }
    }
}
