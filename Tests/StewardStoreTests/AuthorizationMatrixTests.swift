import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Every endpoint × every kind of caller, with the exact status each must get.
@Suite("Authorization matrix")
struct AuthorizationMatrixTests {
    enum Endpoint: String, CaseIterable {
        case health, push, changes, upcoming
    }

    enum Caller: Hashable, CustomStringConvertible {
        case own(Role)
        /// A token of another organization, on this organization's path.
        case foreign(Role)
        /// A valid token of this organization, on the path of an organization that does not exist.
        case nonexistentOrg(Role)
        case noToken
        case garbageToken
        case wrongScheme

        var description: String {
            switch self {
            case .own(let role): "own \(role.rawValue)"
            case .foreign(let role): "foreign \(role.rawValue)"
            case .nonexistentOrg(let role): "\(role.rawValue) on a nonexistent org"
            case .noToken: "no token"
            case .garbageToken: "garbage token"
            case .wrongScheme: "Basic credentials"
            }
        }

        static var all: [Caller] {
            Role.allCases.map(Caller.own) + Role.allCases.map(Caller.foreign) + Role.allCases.map(Caller.nonexistentOrg)
                + [.noToken, .garbageToken, .wrongScheme]
        }
    }

    static func expected(_ endpoint: Endpoint, _ caller: Caller) -> Int {
        if endpoint == .health { return 200 }
        switch caller {
        case .noToken, .garbageToken, .wrongScheme: return 401
        case .foreign, .nonexistentOrg: return 403
        case .own(let role): return endpoint == .push && !role.canPush ? 403 : 200
        }
    }

    @Test("every endpoint answers every caller with the exact status", arguments: Backend.available)
    func matrix(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            var failures: [String] = []
            let missingOrg = TestStore.freshSlug("nobody")
            for endpoint in Endpoint.allCases {
                for caller in Caller.all {
                    var headers = HTTPFields()
                    var org = store.org
                    switch caller {
                    case .own(let role): headers[.authorization] = "Bearer \(store.tokens[role]!)"
                    case .foreign(let role): headers[.authorization] = "Bearer \(store.foreignTokens[role]!)"
                    case .nonexistentOrg(let role):
                        headers[.authorization] = "Bearer \(store.tokens[role]!)"
                        org = missingOrg
                    case .noToken: break
                    case .garbageToken: headers[.authorization] = "Bearer stw_notAtokenTheStoreEverIssued"
                    case .wrongScheme: headers[.authorization] = "Basic \(Data("admin:\(store.admin)".utf8).base64EncodedString())"
                    }
                    let response: TestResponse
                    switch endpoint {
                    case .health:
                        response = try await store.request(.get, "/health", token: nil, headers: headers)
                    case .push:
                        let body = try JSONEncoder().encode(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1)))
                        response = try await store.request(.post, "/v1/orgs/\(org)/push", token: nil, body: body, headers: headers)
                    case .changes:
                        response = try await store.request(.get, "/v1/orgs/\(org)/changes", token: nil, headers: headers)
                    case .upcoming:
                        response = try await store.request(.get, "/v1/orgs/\(org)/events/upcoming", token: nil, headers: headers)
                    }
                    let want = Self.expected(endpoint, caller)
                    if Int(response.status.code) != want {
                        failures.append("\(endpoint) × \(caller): \(response.status.code), expected \(want) (\(response.text))")
                    }
                    if want >= 400 {
                        let code = response.errorBody?.error
                        let wantCode = want == 401 ? "unauthorized" : "forbidden"
                        if code != wantCode { failures.append("\(endpoint) × \(caller): error code \(code ?? "none"), expected \(wantCode)") }
                        if want == 401, response.headers[.wwwAuthenticate] != "Bearer" {
                            failures.append("\(endpoint) × \(caller): 401 without WWW-Authenticate: Bearer")
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            // What the matrix pushed as admin and staff (one record each) and nothing else.
            #expect(try await store.repository.allRecords(org: store.org).count == 2)
            #expect(try await store.repository.allRecords(org: store.foreignOrg).isEmpty)
        }
    }

    @Test("a 403 for another organization does not reveal whether it exists", arguments: Backend.available)
    func forbiddenLooksTheSame(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let existing = try await store.request(.get, "/v1/orgs/\(store.foreignOrg)/changes", token: store.admin)
            let missing = try await store.request(.get, "/v1/orgs/\(TestStore.freshSlug("none"))/changes", token: store.admin)
            #expect(existing.status == .forbidden)
            #expect(missing.status == .forbidden)
            #expect(existing.text == missing.text)
        }
    }
}
