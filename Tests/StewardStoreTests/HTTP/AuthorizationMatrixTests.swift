import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Every endpoint × every kind of caller, with the exact status each must get.
@Suite("Authorization matrix")
struct AuthorizationMatrixTests {
    /// Sign-out comes last: it ends the sessions it is called with.
    enum Endpoint: String, CaseIterable {
        case health, push, changes, upcoming, history, signOut
    }

    /// Who holds the bearer token: an API token or a signed-in staff member.
    enum Holder: Hashable, CustomStringConvertible {
        case api(Role)
        case staff(StaffRole)

        static var all: [Holder] { Role.allCases.map(Holder.api) + StaffRole.allCases.map(Holder.staff) }

        var description: String {
            switch self {
            case .api(let role): "\(role.rawValue) token"
            case .staff(let role): "staff \(role.rawValue)"
            }
        }
    }

    enum Caller: Hashable, CustomStringConvertible {
        case own(Holder)
        /// A token of another organization, on this organization's path.
        case foreign(Holder)
        /// A valid token of this organization, on the path of an organization that does not exist.
        case nonexistentOrg(Holder)
        case noToken
        case garbageToken
        case garbageSessionToken
        case wrongScheme

        var description: String {
            switch self {
            case .own(let holder): "own \(holder)"
            case .foreign(let holder): "foreign \(holder)"
            case .nonexistentOrg(let holder): "\(holder) on a nonexistent org"
            case .noToken: "no token"
            case .garbageToken: "garbage token"
            case .garbageSessionToken: "garbage session token"
            case .wrongScheme: "Basic credentials"
            }
        }

        static var all: [Caller] {
            Holder.all.map(Caller.own) + Holder.all.map(Caller.foreign) + Holder.all.map(Caller.nonexistentOrg)
                + [.noToken, .garbageToken, .garbageSessionToken, .wrongScheme]
        }
    }

    static func canPush(_ holder: Holder) -> Bool {
        switch holder {
        case .api(let role): role.canPush
        case .staff(let role): role.canEdit
        }
    }

    static func expected(_ endpoint: Endpoint, _ caller: Caller) -> Int {
        if endpoint == .health { return 200 }
        switch caller {
        case .noToken, .garbageToken, .garbageSessionToken, .wrongScheme: return 401
        case .foreign, .nonexistentOrg: return 403
        case .own(let holder):
            switch endpoint {
            case .push: return canPush(holder) ? 200 : 403
            case .signOut: if case .staff = holder { return 204 } else { return 403 }
            case .health, .changes, .upcoming, .history: return 200
            }
        }
    }

    @Test("every endpoint answers every caller with the exact status", arguments: Backend.available)
    func matrix(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            var failures: [String] = []
            let missingOrg = TestStore.freshSlug("nobody")
            let recordId = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Fixtures.upsert(1, recordId)]))
            for endpoint in Endpoint.allCases {
                for caller in Caller.all {
                    var headers = HTTPFields()
                    var org = store.org
                    // Signing out ends the session: each sign-out gets a session of its own.
                    func token(_ holder: Holder, org tokenOrg: String) async throws -> String {
                        switch holder {
                        case .api(let role):
                            return (tokenOrg == store.org ? store.tokens : store.foreignTokens)[role]!
                        case .staff(let role):
                            if endpoint == .signOut { return try await store.signInOK(role, org: tokenOrg).accessToken }
                            return (tokenOrg == store.org ? store.staffTokens : store.foreignStaffTokens)[role]!
                        }
                    }
                    switch caller {
                    case .own(let holder): headers[.authorization] = "Bearer \(try await token(holder, org: store.org))"
                    case .foreign(let holder): headers[.authorization] = "Bearer \(try await token(holder, org: store.foreignOrg))"
                    case .nonexistentOrg(let holder):
                        headers[.authorization] = "Bearer \(try await token(holder, org: store.org))"
                        org = missingOrg
                    case .noToken: break
                    case .garbageToken: headers[.authorization] = "Bearer stw_notAtokenTheStoreEverIssued"
                    case .garbageSessionToken: headers[.authorization] = "Bearer stwa_notAtokenTheStoreEverIssued"
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
                    case .history:
                        response = try await store.request(.get, "/v1/orgs/\(org)/records/event/\(recordId)/history", token: nil,
                                                           headers: headers)
                    case .signOut:
                        response = try await store.request(.delete, "/v1/orgs/\(org)/session", token: nil, headers: headers)
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
            // The record made for the history, and what the matrix pushed as every holder that
            // may push (one record each), and nothing else.
            let pushers = Holder.all.filter(Self.canPush).count
            #expect(try await store.repository.allRecords(org: store.org).count == 1 + pushers)
            #expect(try await store.repository.allRecords(org: store.foreignOrg).isEmpty)
        }
    }

    @Test("signing in and refreshing need no bearer token, and ignore one", arguments: Backend.available)
    func openEndpoints(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let body = try JSONEncoder().encode(SignInRequest(email: store.staffEmail(.viewer), password: TestStore.staffPassword))
            for token in [nil, store.foreignTokens[.admin]!, "garbage"] as [String?] {
                let signedIn = try await store.request(.post, "/v1/orgs/\(store.org)/session", token: token, body: body)
                #expect(signedIn.status == .ok, "with \(token ?? "no token"): \(signedIn.text)")
                let tokens = try signedIn.decode(SessionTokens.self)
                let refreshed = try await store.request(.post, "/v1/orgs/\(store.org)/session/refresh", token: token,
                                                        body: try JSONEncoder().encode(RefreshRequest(refreshToken: tokens.refreshToken)))
                #expect(refreshed.status == .ok, "with \(token ?? "no token"): \(refreshed.text)")
            }
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
