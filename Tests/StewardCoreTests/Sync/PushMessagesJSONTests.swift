import Foundation
import Testing
@testable import StewardCore

/// The push messages travel through `JSONValue` on both sides; Codable stays for tools. Both
/// forms must be the same JSON.
@Suite("Push messages as JSON")
struct PushMessagesJSONTests {
    static let record = RemoteRecord(entity: "event", id: "6f1c0b5e-8d7e-4f7a-9a51-0d5c1f1e2a3b", version: 7, deleted: false,
                                     fields: .object(["title": .string("Choir"), "timing": .string("untimed")]),
                                     changedBy: "pat@example.org", changedAt: 1_700_000_000_000)

    @Test("a request written as JSON reads back, and Codable reads it the same")
    func requestRoundTrip() throws {
        let request = PushRequest(clientId: "install/church", mutations: [
            Mutation(id: 1, entity: "event", recordId: Self.record.id, operation: .upsert, baseVersion: 0, fields: Self.record.fields),
            Mutation(id: 2, entity: "event", recordId: Self.record.id, operation: .delete, baseVersion: 7, fields: nil),
        ])
        let data = request.jsonData
        #expect(try PushRequest(json: try JSONValue.parse(data)) == request)
        #expect(try JSONDecoder().decode(PushRequest.self, from: data) == request)
        #expect(try PushRequest(json: try JSONValue.parse(JSONEncoder().encode(request))) == request)
    }

    @Test("a mutation made from an outbox payload writes the payload as it is, the same bytes as from fields")
    func mutationFromPayloadText() throws {
        let payload = Self.record.fields.canonicalText
        let fromText = Mutation(id: 3, entity: "event", recordId: Self.record.id, baseVersion: 2, fieldsText: payload)
        let fromFields = Mutation(id: 3, entity: "event", recordId: Self.record.id, operation: .upsert, baseVersion: 2,
                                  fields: Self.record.fields)
        #expect(fromText.fields == Self.record.fields)
        #expect(fromText == fromFields)
        let request = PushRequest(clientId: "install/church", mutations: [fromText])
        #expect(request.jsonData == PushRequest(clientId: "install/church", mutations: [fromFields]).jsonData)
        #expect(request.jsonData == Data(request.json.canonicalBytes))
        #expect(try PushRequest(json: try JSONValue.parse(request.jsonData)).mutations[0].fields == Self.record.fields)
    }

    @Test("a response with every kind of result reads back, and Codable reads it the same")
    func responseRoundTrip() throws {
        let response = PushResponse(lastMutationId: 4, results: [
            MutationResult(id: 1, status: .applied, version: 8),
            MutationResult(id: 2, status: .conflict, version: 7, record: Self.record),
            MutationResult(id: 3, status: .rejected, reason: "title: is required"),
            MutationResult(id: 4, status: .duplicate, version: 5, originalStatus: .applied),
        ])
        let data = response.jsonData
        #expect(try PushResponse(json: try JSONValue.parse(data)) == response)
        #expect(try JSONDecoder().decode(PushResponse.self, from: data) == response)
        #expect(try PushResponse(json: try JSONValue.parse(JSONEncoder().encode(response))) == response)
    }

    @Test("a request that is JSON but not a push names the member", arguments: [
        (#"[]"#, "body: must be a JSON object"),
        (#"{"mutations":[]}"#, "clientId: is required"),
        (#"{"clientId":5,"mutations":[]}"#, "clientId: must be a string"),
        (#"{"clientId":"a","mutations":{}}"#, "mutations: must be an array"),
        (#"{"clientId":"a","mutations":["m"]}"#, "mutations[0]: must be a JSON object"),
        (#"{"clientId":"a","mutations":[{"id":1.5,"entity":"event","recordId":"x","operation":"upsert","baseVersion":0}]}"#,
         "mutations[0].id: must be a whole number"),
        (#"{"clientId":"a","mutations":[{"id":1,"entity":"event","recordId":"x","operation":"explode","baseVersion":0}]}"#,
         "mutations[0].operation: must be upsert or delete"),
        (#"{"clientId":"a","mutations":[{"id":1,"entity":"event","recordId":"x","operation":"delete"}]}"#,
         "mutations[0].baseVersion: is required"),
    ])
    func namesTheMember(_ text: String, _ message: String) throws {
        #expect(throws: PushMessageError(message: message)) { try PushRequest(json: try JSONValue.parse(text)) }
    }
}
