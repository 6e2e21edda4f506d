import Foundation
import Testing
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// An app member as the tests use them: their id and an access token.
struct TestMember: Sendable {
    var id: String
    var email: String
    var access: String
    var refresh: String
}

/// Members, submissions and decisions over HTTP, as the app and the console send them.
extension TestStore {
    static let memberPassword = "member password 1234"

    /// An event's sync fields, as `stewardctl events show --json` prints them (less its extras).
    static func eventFields(_ title: String, start: Date = Date().addingTimeInterval(7 * 86_400),
                            location: String = "Riverside Park") -> JSONValue {
        guard case .object(var fields) = Fixtures.timed(title, start: start) else { return .null }
        fields["locationName"] = .string(location)
        return .object(fields)
    }

    func json(_ value: JSONValue) -> Data { Data(value.canonicalBytes) }

    func register(email: String, password: String = memberPassword, name: String = "Robin Organizer",
                  audience: String = "residents", org: String? = nil, source: String? = nil) async throws -> TestResponse {
        let body: JSONValue = .object(["email": .string(email), "password": .string(password),
                                       "displayName": .string(name), "audience": .string(audience)])
        return try await request(.post, "/v1/orgs/\(org ?? self.org)/members", token: nil, body: json(body),
                                 headers: [.init("X-Forwarded-For")!: source ?? "198.51.100.\(Int.random(in: 1...254))"])
    }

    func memberSignIn(email: String, password: String = memberPassword, org: String? = nil) async throws -> TestResponse {
        try await request(.post, "/v1/orgs/\(org ?? self.org)/members/session", token: nil,
                          body: try JSONEncoder().encode(SignInRequest(email: email, password: password)),
                          headers: [.init("X-Forwarded-For")!: "203.0.113.\(Int.random(in: 1...254))"])
    }

    /// Registers and signs a member in; a trusted organizer is made so by the admin token.
    func newMember(_ stem: String = "robin", organizer: Bool = false, audience: String = "residents",
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestMember {
        let email = "\(stem)-\(UUID().uuidString.prefix(8).lowercased())@residents.example"
        let registered = try await register(email: email, audience: audience)
        #expect(registered.status == .created, "register answered \(registered.status): \(registered.text)",
                sourceLocation: sourceLocation)
        let id = try JSONValue.parse(Data(registered.body.readableBytesView))["id"]?.stringValue ?? ""
        if organizer {
            let answer = try await decide(entity: "member", id: id, fields: ["role": .string("organizer")])
            #expect(answer.status == .applied, "\(answer)", sourceLocation: sourceLocation)
        }
        let signedIn = try await memberSignIn(email: email)
        #expect(signedIn.status == .ok, "sign-in answered \(signedIn.status): \(signedIn.text)", sourceLocation: sourceLocation)
        let tokens = try JSONValue.parse(Data(signedIn.body.readableBytesView))
        return TestMember(id: id, email: email, access: tokens["accessToken"]?.stringValue ?? "",
                          refresh: tokens["refreshToken"]?.stringValue ?? "")
    }

    func submit(_ member: TestMember, _ fields: JSONValue) async throws -> TestResponse {
        try await request(.post, "/v1/orgs/\(org)/submissions/events", token: member.access, body: json(fields))
    }

    /// Submits and answers the submission's id.
    func submitOK(_ member: TestMember, _ title: String = "Riverside clean-up",
                  sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await submit(member, Self.eventFields(title))
        #expect(response.status == .created, "submit answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try JSONValue.parse(Data(response.body.readableBytesView))["id"]?.stringValue ?? ""
    }

    func edit(_ member: TestMember, _ id: String, _ fields: JSONValue) async throws -> TestResponse {
        try await request(.put, "/v1/orgs/\(org)/submissions/events/\(id)", token: member.access, body: json(fields))
    }

    func mine(_ path: String, _ member: TestMember) async throws -> [JSONValue] {
        let response = try await request(.get, "/v1/orgs/\(org)/me/\(path)", token: member.access)
        #expect(response.status == .ok, "\(response.text)")
        return try JSONValue.parse(Data(response.body.readableBytesView))["items"]?.arrayValue ?? []
    }

    /// The store's record, as the console pulls it.
    func stored(_ entity: String, _ id: String) async throws -> RemoteRecord? {
        try await repository.allRecords(org: org).first { $0.entity == entity && $0.id == id }
    }

    /// A staff decision as the console pushes it: an upsert based on the version it saw (the
    /// current one unless told), from a client of its own.
    func decide(entity: String = "submission", id: String, fields: [String: JSONValue], base: Int64? = nil,
                token: String? = nil) async throws -> MutationResult {
        let version: Int64
        if let base { version = base } else { version = try await stored(entity, id)?.version ?? 0 }
        let mutation = Mutation(id: 1, entity: entity, recordId: id, operation: .upsert, baseVersion: version,
                                fields: .object(fields))
        let response = try await push(PushRequest(clientId: Fixtures.clientId(), mutations: [mutation]), token: token)
        #expect(response.status == .ok, "push answered \(response.status): \(response.text)")
        return try response.decode(PushResponse.self).results.first!
    }

    func decide(_ id: String, _ status: String, reason: String = "", base: Int64? = nil,
                token: String? = nil) async throws -> MutationResult {
        try await decide(id: id, fields: ["status": .string(status), "reason": .string(reason)], base: base,
                         token: token ?? staffTokens[.approver])
    }

    func submissionStatus(_ id: String) async throws -> String? {
        try await stored("submission", id)?.fields["status"]?.stringValue
    }

    /// Titles of the events members see now.
    func liveEventTitles() async throws -> [String] {
        let response = try await upcoming()
        return try response.decode(UpcomingEventsResponse.self).events.compactMap { $0.fields["title"]?.stringValue }
    }
}
