import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// Members answering survey questions on the store, on every backend: answers checked against
/// the question's current version and kept with it, so versions keep their answers apart.
@Suite("Survey answers on the store")
struct SurveyAnswerTests {
    static func question(_ id: Int64, _ recordId: String, base: Int64 = 0, _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: id, entity: "question", recordId: recordId, operation: .upsert, baseVersion: base, fields: .object(fields))
    }

    static let heard: [String: JSONValue] = ["prompt": .string("How did you hear about the passport?"),
                                             "type": .string("single-choice"), "options": .string("Flyer\nFriend")]

    static func answer(_ store: TestStore, _ member: TestMember, question: String, version: Int64, value: JSONValue) async throws -> TestResponse {
        try await store.request(.post, "/v1/orgs/\(store.org)/me/answers", token: member.access,
                                body: store.json(.object(["question": .string(question), "version": .int(version), "value": value])))
    }

    static func error(_ response: TestResponse) throws -> String? {
        try JSONValue.parse(Data(response.body.readableBytesView))["error"]?.stringValue
    }

    @Test("question versions keep answers apart; an answered version cannot change in place",
          arguments: Backend.available)
    func versionsKeepAnswersApart(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId(), client = Fixtures.clientId("console")
            let first = try await store.pushOK(PushRequest(clientId: client, mutations: [Self.question(1, id, Self.heard)]))
            #expect(first.results.map(\.status) == [.applied])
            let ann = try await store.newMember("ann"), ben = try await store.newMember("ben")

            // The app lists the question with its version and options.
            let listed = try await store.request(.get, "/v1/orgs/\(store.org)/me/questions", token: ann.access)
            #expect(listed.status == .ok, "\(listed.text)")
            let item = try JSONValue.parse(Data(listed.body.readableBytesView))["questions"]?.arrayValue?.first
            #expect(item?["version"]?.int64Value == 1)
            #expect(item?["options"] == .array([.string("Flyer"), .string("Friend")]))

            let given = try await Self.answer(store, ann, question: id, version: 1, value: .string("flyer"))
            #expect(given.status == .created, "\(given.text)")
            // Not an option: a clear 422.
            let wrong = try await Self.answer(store, ben, question: id, version: 1, value: .string("Radio"))
            #expect(wrong.status == .unprocessableContent)
            #expect(try Self.error(wrong) == "invalid-answer")
            #expect(wrong.text.contains("\\\"Radio\\\" is not an option") || wrong.text.contains("is not an option"), "\(wrong.text)")

            // A console that had not pulled the answer edits version 1 in place: refused.
            let stored = try #require(try await store.stored("question", id))
            var inPlace = Self.heard
            inPlace["options"] = .string("Flyer\nFriend\nSocial media")
            let refused = try await store.pushOK(PushRequest(clientId: client, mutations: [Self.question(2, id, base: stored.version, inPlace)]))
            #expect(refused.results.map(\.status) == [.rejected])
            #expect(refused.results[0].reason?.contains("members have answered version 1 of this question") == true,
                    "\(refused.results[0].reason ?? "")")

            // The console's edit as a new version, version 1 kept.
            var next = inPlace
            next["currentVersion"] = .int(2)
            next["earlierVersions"] = .array([.object(["version": .int(1), "prompt": Self.heard["prompt"]!, "type": .string("single-choice"),
                                                        "options": .string("Flyer\nFriend"), "minimum": .null, "maximum": .null])])
            let versioned = try await store.pushOK(PushRequest(clientId: client, mutations: [Self.question(3, id, base: stored.version, next)]))
            #expect(versioned.results.map(\.status) == [.applied], "\(versioned.results)")

            // An app still showing version 1 is told the question changed.
            let stale = try await Self.answer(store, ben, question: id, version: 1, value: .string("Friend"))
            #expect(stale.status == .conflict)
            #expect(try Self.error(stale) == "question-changed")
            let fresh = try await Self.answer(store, ben, question: id, version: 2, value: .string("Social media"))
            #expect(fresh.status == .created, "\(fresh.text)")

            let answers = try await store.repository.liveRecords(org: store.org, entity: "answer")
            let byVersion = Dictionary(grouping: answers) { $0.fields["version"]?.int64Value ?? 0 }
            #expect(byVersion[1]?.map { $0.fields["value"]?.stringValue } == ["Flyer"])
            #expect(byVersion[2]?.map { $0.fields["value"]?.stringValue } == ["Social media"])
            #expect(answers.allSatisfy { $0.fields["question"]?.stringValue == id })
        }
    }

    @Test("an answer the answer record's own rules refuse is refused for what is wrong, not as too long")
    func answerRecordRefusalSaysWhatIsWrong() throws {
        let question = Fixtures.newRecordId()
        let records: [RecordKey: RemoteRecord] = [
            // A member kept under an id that is not a record id (a store with other rules).
            RecordKey(entity: "member", id: "ann"): RemoteRecord(entity: "member", id: "ann", version: 1, deleted: false,
                                                                 fields: .object(["email": .string("ann@mail.example")])),
            RecordKey(entity: "question", id: question): RemoteRecord(entity: "question", id: question, version: 2, deleted: false,
                                                                      fields: .object(Self.heard)),
        ]
        var writer = RecordWriter(org: OrgInfo(slug: "grace", name: "Grace", timeZone: "Europe/Paris", lastSeq: 2),
                                  records: records, author: "member:ann@mail.example", now: Date())
        let attempt = try MemberAnswers.Attempt(.object(["question": .string(question), "version": .int(1), "value": .string("Flyer")]))
        do {
            _ = try MemberAnswers.answer(attempt, memberId: "ann", writer: &writer)
            Issue.record("stored an answer its record's rules refuse")
        } catch {
            let message = "\(SurveyController.httpError(error))"
            #expect(!message.contains("too long"), "\(message)")
            #expect(message.contains("member: must be a record id"), "\(message)")
        }
        #expect(writer.recordWrites.isEmpty)
    }

    @Test("a question for students is not listed for, nor answered by, a resident", arguments: Backend.available)
    func audience(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            var fields = Self.heard
            fields["audience"] = .string("students")
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Self.question(1, id, fields)]))
            let resident = try await store.newMember("rae")
            let listed = try await store.request(.get, "/v1/orgs/\(store.org)/me/questions", token: resident.access)
            #expect(try JSONValue.parse(Data(listed.body.readableBytesView))["questions"]?.arrayValue?.isEmpty == true)
            let refused = try await Self.answer(store, resident, question: id, version: 1, value: .string("Friend"))
            #expect(refused.status == .forbidden)
            #expect(try Self.error(refused) == "not-your-question")
        }
    }
}
