import Foundation
import Hummingbird
import Testing
import StewardCore
@testable import StewardStore

/// Throws bad bodies and queries at every endpoint: every answer must be a 4xx with a JSON
/// ErrorResponse, never a 5xx, and nothing may be stored.
@Suite("Malformed input")
struct MalformedInputTests {
    struct Case: CustomStringConvertible {
        var description: String
        var method: HTTPRequest.Method
        var path: String
        var body: Data?
        var headers: HTTPFields = [:]
        var expected: Int? = nil
    }

    static func pushBodies(_ clientId: String) -> [(String, Data)] {
        let uuid = Fixtures.newRecordId()
        /// A valid one-mutation body with some of the mutation's members replaced (JSON text).
        func mutation(_ overrides: [String: String]) -> Data {
            var members = [
                "id": "1", "entity": #""event""#, "recordId": #""\#(uuid)""#, "operation": #""upsert""#, "baseVersion": "0",
                "fields": #"{"title":"x","timing":"untimed"}"#,
            ]
            members.merge(overrides) { $1 }
            let object = members.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
            return Data(#"{"clientId":"\#(clientId)","mutations":[{\#(object)}]}"#.utf8)
        }
        func raw(_ text: String) -> Data { Data(text.utf8) }
        return [
            ("empty body", raw("")),
            ("truncated JSON", raw(#"{"clientId":"a","mutations":["#)),
            ("not JSON", raw("clientId=a")),
            ("JSON null", raw("null")),
            ("JSON array", raw("[]")),
            ("JSON string", raw(#""push""#)),
            ("missing mutations", raw(#"{"clientId":"a"}"#)),
            ("missing clientId", raw(#"{"mutations":[]}"#)),
            ("clientId a number", raw(#"{"clientId":5,"mutations":[]}"#)),
            ("clientId empty", raw(#"{"clientId":"","mutations":[]}"#)),
            ("clientId too long", raw(#"{"clientId":"\#(String(repeating: "c", count: 101))","mutations":[]}"#)),
            ("mutations an object", raw(#"{"clientId":"a","mutations":{}}"#)),
            ("mutation a string", raw(#"{"clientId":"a","mutations":["m"]}"#)),
            ("mutation id a string", mutation(["id": #""one""#])),
            ("mutation id 0", mutation(["id": #"0"#])),
            ("mutation id negative", mutation(["id": #"-4"#])),
            ("mutation id fractional", mutation(["id": #"1.5"#])),
            ("mutation id huge", mutation(["id": #"1e300"#])),
            ("baseVersion negative", mutation(["baseVersion": #"-1"#])),
            ("baseVersion a string", mutation(["baseVersion": #""0""#])),
            ("operation unknown", mutation(["operation": #""explode""#])),
            ("operation missing", raw(#"{"clientId":"a","mutations":[{"id":1,"entity":"event","recordId":"\#(uuid)","baseVersion":0}]}"#)),
            ("recordId not a UUID", mutation(["recordId": #""not-a-uuid""#])),
            ("recordId empty", mutation(["recordId": #""""#])),
            ("recordId a number", mutation(["recordId": #"42"#])),
            ("entity a number", mutation(["entity": #"7"#])),
            ("too many mutations", raw(#"{"clientId":"a","mutations":[\#((1...1001).map { #"{"id":\#($0),"entity":"event","recordId":"\#(uuid)","operation":"delete","baseVersion":0}"# }.joined(separator: ","))]}"#)),
            ("invalid UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D])),
            ("deeply nested fields", mutation(["fields": #"\#(String(repeating: "[", count: 600))\#(String(repeating: "]", count: 600))"#])),
        ]
    }

    static func cases(org: String, clientId: String) -> [Case] {
        var cases: [Case] = pushBodies(clientId).map { Case(description: "push: \($0.0)", method: .post, path: "/v1/orgs/\(org)/push", body: $0.1) }
        let validBody = try! JSONEncoder().encode(PushRequest(clientId: clientId, mutations: Fixtures.creations(1)))
        cases.append(Case(description: "push: gzip header on plain JSON", method: .post, path: "/v1/orgs/\(org)/push", body: validBody,
                 headers: [.contentEncoding: "gzip"], expected: 400))
        cases.append(Case(description: "push: truncated gzip", method: .post, path: "/v1/orgs/\(org)/push",
                 body: Gzip.compress(validBody).prefix(20), headers: [.contentEncoding: "gzip"], expected: 400))
        cases.append(Case(description: "push: unknown content encoding", method: .post, path: "/v1/orgs/\(org)/push", body: validBody,
                 headers: [.contentEncoding: "br"], expected: 400))
        cases.append(Case(description: "push: body over the limit", method: .post, path: "/v1/orgs/\(org)/push",
                 body: Data(repeating: 0x20, count: 70_000), expected: 413))
        cases.append(Case(description: "push: gzip bomb", method: .post, path: "/v1/orgs/\(org)/push",
                 body: Gzip.compress(Data(repeating: 0x20, count: 5_000_000)), headers: [.contentEncoding: "gzip"], expected: 413))
        cases.append(Case(description: "push: GET instead of POST", method: .get, path: "/v1/orgs/\(org)/push", expected: 404))
        cases.append(Case(description: "push: bad slug", method: .post, path: "/v1/orgs/Bad_Slug/push", body: validBody, expected: 400))
        cases.append(Case(description: "push: one-letter slug", method: .post, path: "/v1/orgs/x/push", body: validBody, expected: 400))
        cases.append(Case(description: "push: slug starting with a dash", method: .post, path: "/v1/orgs/-abc/push", body: validBody, expected: 400))
        cases.append(Case(description: "push: slug too long", method: .post, path: "/v1/orgs/\(String(repeating: "a", count: 41))/push", body: validBody, expected: 400))
        cases.append(Case(description: "push: percent-encoded slug", method: .post, path: "/v1/orgs/%00abc/push", body: validBody))
        let badQueries = [
            "cursor=garbage", "cursor=s1.", "cursor=s1.-1", "cursor=s2.5", "cursor=s1.abc", "cursor=s1.99999999999999999999",
            "cursor=s2.5.", "cursor=s2..5", "cursor=s2.5.1.2", "cursor=s2.5.-1", "cursor=s2.5.x", "cursor=s3.5.0",
            "cursor=%FF", "limit=0", "limit=5001", "limit=-1", "limit=abc", "limit=1.5", "limit=", "limit=99999999999999999999",
            "cursor=s1.0&limit=0",
        ]
        cases += badQueries.map { Case(description: "changes: \($0)", method: .get, path: "/v1/orgs/\(org)/changes?\($0)", expected: 400) }
        cases += ["limit=0", "limit=501", "limit=x", "limit=", "limit=-5"].map {
            Case(description: "upcoming: \($0)", method: .get, path: "/v1/orgs/\(org)/events/upcoming?\($0)", expected: 400)
        }
        cases += [
            Case(description: "changes: bad slug", method: .get, path: "/v1/orgs/UPPER/changes", expected: 400),
            Case(description: "upcoming: bad slug", method: .get, path: "/v1/orgs/a.b/events/upcoming", expected: 400),
            Case(description: "unknown endpoint", method: .get, path: "/v1/orgs/\(org)/members", expected: 404),
            Case(description: "unknown root", method: .get, path: "/nothing-here", expected: 404),
            Case(description: "health: POST", method: .post, path: "/health", body: Data("{}".utf8), expected: 404),
            Case(description: "changes: DELETE", method: .delete, path: "/v1/orgs/\(org)/changes", expected: 404),
        ]
        return cases
    }

    @Test("bad bodies and queries get a 4xx JSON error and store nothing", arguments: Backend.available)
    func malformed(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.maxBodyBytes = 64 * 1024
        try await TestStore.with(backend, configuration: configuration) { store in
            var failures: [String] = []
            for test in Self.cases(org: store.org, clientId: Fixtures.clientId()) {
                let response = try await store.request(test.method, test.path, token: store.admin, body: test.body, headers: test.headers)
                let code = Int(response.status.code)
                if !(400..<500).contains(code) {
                    failures.append("\(test): \(code) \(response.text.prefix(200))")
                } else if let expected = test.expected, code != expected {
                    failures.append("\(test): \(code), expected \(expected) (\(response.text.prefix(200)))")
                }
                if !(response.headers[.contentType] ?? "").hasPrefix("application/json") {
                    failures.append("\(test): content type \(response.headers[.contentType] ?? "none")")
                }
                guard let error = response.errorBody else {
                    failures.append("\(test): body is not an ErrorResponse: \(response.text.prefix(200))")
                    continue
                }
                let codes: Set<String> = ["bad-request", "unauthorized", "forbidden", "not-found", "mutation-gap", "resync-required", "too-large", "unavailable"]
                if !codes.contains(error.error) || error.message.isEmpty {
                    failures.append("\(test): error \(error)")
                }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            #expect(try await store.dump() == "")
            #expect(try await store.repository.org(slug: store.org)?.lastSeq == 0)
        }
    }
}

