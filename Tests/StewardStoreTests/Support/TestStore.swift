import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import Logging
import StewardCore
@testable import StewardStore

/// One test's store: a repository with two organizations (ours and a foreign one, fresh slugs),
/// an API token of every role for each, and a staff member of every staff role for each, signed
/// in; served in-process by the real router.
struct TestStore: Sendable {
    let backend: Backend
    let repository: any StoreRepository
    let org: String
    let foreignOrg: String
    let tokens: [Role: String]
    let foreignTokens: [Role: String]
    /// Access tokens of our staff members' sessions, and of the foreign organization's.
    let staffTokens: [StaffRole: String]
    let foreignStaffTokens: [StaffRole: String]
    let client: any TestClientProtocol

    var admin: String { tokens[.admin]! }
    var staff: String { tokens[.staff]! }
    var reader: String { tokens[.reader]! }

    /// Every staff member of both organizations has this password.
    static let staffPassword = "correct horse battery staple"
    /// Hashing at the default strength costs a few hundred milliseconds a password; the tests
    /// that are not about hashing use a cheap one (the stored hash says which).
    static let fastHasher = PasswordHasher(iterations: 1_000)
    /// Requests through the router client have no peer address, so every test's sign-ins count
    /// for one source ("unknown"), and on PostgreSQL the tests running beside each other share
    /// that count: the per-source limit is lifted here, and the tests about it name their
    /// sources with X-Forwarded-For.
    static var testConfiguration: StoreConfiguration {
        StoreConfiguration(port: 0, sourceSignInThrottle: unlimitedSource, passwordHasher: fastHasher)
    }

    static let unlimitedSource = SignInThrottle(freeAttempts: 1_000_000, window: .seconds(900), firstWait: .seconds(1),
                                                maxWait: .seconds(1))

    /// The email of the staff member with `role` in `org`.
    static func staffEmail(_ role: StaffRole, org: String) -> String { "\(role.rawValue)@\(org).example" }
    func staffEmail(_ role: StaffRole) -> String { Self.staffEmail(role, org: org) }

    static var testLogger: Logger {
        var logger = Logger(label: "steward-store-tests")
        // STEWARD_TEST_LOG=debug (or info...) shows the store's logs while debugging a test.
        logger.logLevel = ProcessInfo.processInfo.environment["STEWARD_TEST_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return logger
    }

    /// A slug no other test uses: PostgreSQL tests share one database.
    static func freshSlug(_ stem: String) -> String {
        let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        return "\(stem)-\(suffix)"
    }

    /// Runs `body` against a fresh store on `backend`, through HummingbirdTesting's router
    /// client (`.router`: the whole middleware chain, no sockets).
    static func with<T: Sendable>(
        _ backend: Backend,
        timeZone: String = "Europe/Paris",
        configuration: StoreConfiguration = testConfiguration,
        postgresApplicationName: String? = nil,
        readCache: MemberReadCache = MemberReadCache(),
        _ body: @Sendable (TestStore) async throws -> T
    ) async throws -> T {
        let logger = testLogger
        let (repository, services, cleanup) = try backend.makeRepository(logger: logger, applicationName: postgresApplicationName)
        defer { cleanup() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            // The PostgreSQL pool runs beside the test, as `serve` runs it in its service group.
            for service in services {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            try await repository.migrate()
            let org = freshSlug("org")
            let foreign = freshSlug("other")
            try await repository.addOrg(OrgInfo(slug: org, name: "Test Org", timeZone: timeZone))
            try await repository.addOrg(OrgInfo(slug: foreign, name: "Other Org", timeZone: timeZone))
            var tokens: [Role: String] = [:]
            var foreignTokens: [Role: String] = [:]
            for role in Role.allCases {
                tokens[role] = try await makeToken(repository, org: org, role: role)
                foreignTokens[role] = try await makeToken(repository, org: foreign, role: role)
            }
            for role in StaffRole.allCases {
                try await addStaff(repository, org: org, role: role)
                try await addStaff(repository, org: foreign, role: role)
            }
            let app = buildApplication(repository: repository, configuration: configuration, logger: logger,
                                       readCache: readCache)
            let ownTokens = tokens
            let otherTokens = foreignTokens
            let value = try await app.test(.router) { client in
                var store = TestStore(backend: backend, repository: repository, org: org, foreignOrg: foreign,
                                      tokens: ownTokens, foreignTokens: otherTokens, staffTokens: [:],
                                      foreignStaffTokens: [:], client: client)
                var staffTokens: [StaffRole: String] = [:]
                var foreignStaffTokens: [StaffRole: String] = [:]
                for role in StaffRole.allCases {
                    staffTokens[role] = try await store.signInOK(role).accessToken
                    foreignStaffTokens[role] = try await store.signInOK(role, org: foreign).accessToken
                }
                store = TestStore(backend: backend, repository: repository, org: org, foreignOrg: foreign,
                                  tokens: ownTokens, foreignTokens: otherTokens, staffTokens: staffTokens,
                                  foreignStaffTokens: foreignStaffTokens, client: client)
                return try await body(store)
            }
            try await repository.close()
            return value
        }
    }

    static func addStaff(_ repository: any StoreRepository, org: String, role: StaffRole) async throws {
        try await repository.addStaff(StaffMember(org: org, email: staffEmail(role, org: org), role: role,
                                                  passwordHash: try fastHasher.hash(staffPassword), createdAt: Date()))
    }

    static func makeToken(_ repository: any StoreRepository, org: String, role: Role) async throws -> String {
        let token = BearerToken.generate()
        try await repository.addToken(hash: BearerToken.hash(token), grant: TokenGrant(org: org, role: role), createdAt: Date())
        return token
    }
}

// MARK: - HTTP helpers

extension TestStore {
    func request(_ method: HTTPRequest.Method, _ uri: String, token: String?, body: Data? = nil,
                 headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await client.executeRequest(uri: uri, method: method, headers: headers,
                                               body: body.map { ByteBuffer(bytes: $0) })
    }

    func push(_ request: PushRequest, token: String? = nil, org: String? = nil) async throws -> TestResponse {
        try await self.request(.post, "/v1/orgs/\(org ?? self.org)/push", token: token ?? admin,
                               body: try JSONEncoder().encode(request))
    }

    /// Pushes and expects 200; returns the decoded answer.
    func pushOK(_ request: PushRequest, token: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> PushResponse {
        let response = try await push(request, token: token)
        #expect(response.status == .ok, "push answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(PushResponse.self)
    }

    func changes(cursor: String? = nil, limit: Int? = nil, token: String? = nil) async throws -> TestResponse {
        var items: [String] = []
        if let cursor { items.append("cursor=\(cursor)") }
        if let limit { items.append("limit=\(limit)") }
        let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
        return try await request(.get, "/v1/orgs/\(org)/changes\(query)", token: token ?? reader)
    }

    func changesOK(cursor: String? = nil, limit: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> PullResponse {
        let response = try await changes(cursor: cursor, limit: limit)
        #expect(response.status == .ok, "changes answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(PullResponse.self)
    }

    /// Follows the feed from `cursor` to its end.
    func pullAll(from cursor: String = "", limit: Int = 1000) async throws -> (records: [RemoteRecord], cursor: String) {
        var cursor = cursor
        var records: [RemoteRecord] = []
        while true {
            let page = try await changesOK(cursor: cursor, limit: limit)
            records += page.changes
            cursor = page.cursor
            if !page.hasMore { return (records, cursor) }
        }
    }

    func upcoming(limit: Int? = nil, token: String? = nil) async throws -> TestResponse {
        try await request(.get, "/v1/orgs/\(org)/events/upcoming" + (limit.map { "?limit=\($0)" } ?? ""), token: token ?? reader)
    }

    // MARK: Sessions and history

    /// From an address of its own (used only when the store trusts X-Forwarded-For): the
    /// tests about per-source limits must not see these sign-ins.
    func signIn(email: String, password: String = staffPassword, org: String? = nil) async throws -> TestResponse {
        try await request(.post, "/v1/orgs/\(org ?? self.org)/session", token: nil,
                          body: try JSONEncoder().encode(SignInRequest(email: email, password: password)),
                          headers: [.init("X-Forwarded-For")!: "192.0.2.\(Int.random(in: 1...254))"])
    }

    /// Signs the staff member with `role` in (of `org`, ours by default) and expects 200.
    func signInOK(_ role: StaffRole, org: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SessionTokens {
        let org = org ?? self.org
        let response = try await signIn(email: Self.staffEmail(role, org: org), org: org)
        #expect(response.status == .ok, "sign-in answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(SessionTokens.self)
    }

    func refresh(_ refreshToken: String, org: String? = nil) async throws -> TestResponse {
        try await request(.post, "/v1/orgs/\(org ?? self.org)/session/refresh", token: nil,
                          body: try JSONEncoder().encode(RefreshRequest(refreshToken: refreshToken)))
    }

    func signOut(_ accessToken: String) async throws -> TestResponse {
        try await request(.delete, "/v1/orgs/\(org)/session", token: accessToken)
    }

    func history(entity: String = SyncEntity.event, id: String, token: String? = nil) async throws -> TestResponse {
        try await request(.get, "/v1/orgs/\(org)/records/\(entity)/\(id)/history", token: token ?? reader)
    }

    func dump() async throws -> String {
        RemoteRecord.canonicalDump(try await repository.allRecords(org: org))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(body.readableBytesView))
    }

    /// The error body; nil when the body is not an `ErrorResponse`.
    var errorBody: ErrorResponse? { try? decode(ErrorResponse.self) }
}
