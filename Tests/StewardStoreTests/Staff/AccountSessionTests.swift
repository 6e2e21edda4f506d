import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// `POST /v1/session`: signing in without naming an organization answers a session in each
/// organization where the email and password are on staff, on every backend.
@Suite("Staff sign-in to every organization")
struct AccountSessionTests {
    /// Signs in at `/v1/session`, from `address` when the store trusts X-Forwarded-For.
    static func signIn(_ store: TestStore, email: String, password: String = TestStore.staffPassword,
                       from address: String = SignInFloodTests.freshAddress()) async throws -> TestResponse {
        try await store.request(.post, "/v1/session", token: nil,
                                body: try JSONEncoder().encode(SignInRequest(email: email, password: password)),
                                headers: [.init("X-Forwarded-For")!: address])
    }

    /// An email nobody has, of this test alone: on PostgreSQL the tests share the failure counts.
    static func unknownEmail() -> String { "nobody-\(UUID().uuidString.prefix(8).lowercased())@example.org" }

    static func addStaff(_ store: TestStore, org: String, email: String, role: StaffRole, password: String) async throws {
        try await store.repository.addStaff(StaffMember(org: org, email: email, role: role,
                                                        passwordHash: try TestStore.fastHasher.hash(password), createdAt: Date()))
    }

    @Test("answers a working session in each organization where the email and password are staff", arguments: Backend.available)
    func everyOrganization(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            // One person on the staff of both organizations, with the same password in each.
            let email = "both-\(UUID().uuidString.prefix(8).lowercased())@example.org"
            try await Self.addStaff(store, org: store.org, email: email, role: .editor, password: "same in both")
            try await Self.addStaff(store, org: store.foreignOrg, email: email, role: .viewer, password: "same in both")
            let response = try await Self.signIn(store, email: "  " + email.uppercased(), password: "same in both")
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let sessions = try response.decode(AccountSessions.self).organizations
            #expect(sessions.map(\.org) == [store.org, store.foreignOrg].sorted())
            let ours = try #require(sessions.first { $0.org == store.org })
            #expect(ours.name == "Test Org")
            #expect(ours.timeZone == "Europe/Paris")
            #expect(ours.tokens.email == email)
            #expect(ours.tokens.role == .editor)
            #expect(ours.tokens.accessExpiresIn == StoreConfiguration.defaultAccessTokenSeconds)
            #expect(sessions.first { $0.org == store.foreignOrg }?.tokens.role == .viewer)
            // Each session is an ordinary one of its organization: it reads, refreshes there only.
            #expect(try await store.changes(token: ours.tokens.accessToken).status == .ok)
            let foreign = try #require(sessions.first { $0.org == store.foreignOrg })
            #expect(try await store.changes(token: foreign.tokens.accessToken).status != .ok)
            #expect(try await store.request(.get, "/v1/orgs/\(store.foreignOrg)/changes", token: foreign.tokens.accessToken).status == .ok)
            #expect(try await store.refresh(ours.tokens.refreshToken).status == .ok)
            #expect(try await store.refresh(foreign.tokens.refreshToken, org: store.foreignOrg).status == .ok)
            // The JSON keys of a session are the per-organization sign-in's, plus org, name and time zone.
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            let first = try #require((json["organizations"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["org", "name", "timeZone", "accessToken", "refreshToken", "accessExpiresIn",
                                        "refreshExpiresIn", "email", "role"])
        }
    }

    @Test("another organization's staff gets only its own organization", arguments: Backend.available)
    func onlyOwnOrganization(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let foreignAdmin = TestStore.staffEmail(.admin, org: store.foreignOrg)
            let response = try await Self.signIn(store, email: foreignAdmin)
            #expect(response.status == .ok, "\(response.text)")
            let sessions = try response.decode(AccountSessions.self).organizations
            #expect(sessions.map(\.org) == [store.foreignOrg])
            #expect(sessions.first?.name == "Other Org")
            // The same email on our staff with another password: that password opens ours only.
            try await Self.addStaff(store, org: store.org, email: foreignAdmin, role: .viewer, password: "ours is other")
            let ours = try await Self.signIn(store, email: foreignAdmin, password: "ours is other")
            #expect(try ours.decode(AccountSessions.self).organizations.map(\.org) == [store.org])
            let theirs = try await Self.signIn(store, email: foreignAdmin)
            #expect(try theirs.decode(AccountSessions.self).organizations.map(\.org) == [store.foreignOrg])
        }
    }

    @Test("a wrong password and an unknown email get the per-organization sign-in's 401", arguments: Backend.available)
    func wrongCredentials(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let wrongPassword = try await Self.signIn(store, email: store.staffEmail(.admin), password: "not the password")
            let unknownEmail = try await Self.signIn(store, email: Self.unknownEmail())
            let perOrganization = try await store.signIn(email: store.staffEmail(.admin), password: "not the password")
            for response in [wrongPassword, unknownEmail] {
                #expect(response.status == .unauthorized)
                #expect(response.errorBody?.error == ErrorResponse.Code.wrongCredentials)
                #expect(response.text == perOrganization.text)
            }
            let notAnEmail = try await Self.signIn(store, email: "admin")
            #expect(notAnEmail.status == .badRequest)
            #expect(notAnEmail.errorBody?.message.hasPrefix("email:") == true)
            let huge = try await Self.signIn(store, email: store.staffEmail(.admin), password: String(repeating: "x", count: 2000))
            #expect(huge.status == .badRequest)
        }
    }

    @Test("after 5 failures for an email it answers 429, even with the right password; a success clears the count",
          arguments: Backend.available)
    func throttledPerEmail(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let email = store.staffEmail(.editor)
            for attempt in 1...5 {
                let response = try await Self.signIn(store, email: email, password: "guess \(attempt)")
                #expect(response.status == .unauthorized, "attempt \(attempt): \(response.text)")
            }
            let blocked = try await Self.signIn(store, email: email)
            #expect(blocked.status == .tooManyRequests)
            let wait = try #require(blocked.errorBody?.retryAfter)
            #expect((1...60).contains(wait))
            #expect(blocked.headers[.retryAfter] == String(wait))
            // Unknown emails are throttled just the same, and other emails are not slowed down.
            let nobody = Self.unknownEmail()
            for _ in 1...5 { _ = try await Self.signIn(store, email: nobody, password: "guess") }
            #expect(try await Self.signIn(store, email: nobody).status == .tooManyRequests)
            #expect(try await Self.signIn(store, email: store.staffEmail(.viewer)).status == .ok)
            // The failures were counted in the database, where every store process sees them.
            let counted = try await store.repository.admitSignIn(
                SignInAttempt(org: SignInAttempt.everyOrganization, email: email, source: "198.51.100.7", at: Date()),
                limits: SignInLimits(source: TestStore.unlimitedSource))
            #expect(counted != .admitted)
        }
    }

    @Test("failures from one address are limited whatever the emails, with the per-organization sign-ins",
          arguments: Backend.available)
    func throttledPerSource(backend: Backend) async throws {
        let source = SignInThrottle(freeAttempts: 3, window: .seconds(900), firstWait: .seconds(60), maxWait: .seconds(900))
        let configuration = SignInFloodTests.configuration(queue: PasswordWorkQueue(), source: source)
        try await TestStore.with(backend, configuration: configuration) { store in
            let address = SignInFloodTests.freshAddress()
            // Two failures at an organization's sign-in and one here: three from the address.
            for role in [StaffRole.admin, .viewer] {
                let response = try await SignInFloodTests.signIn(store, email: store.staffEmail(role), password: "guess",
                                                                 from: address)
                #expect(response.status == .unauthorized)
            }
            #expect(try await Self.signIn(store, email: Self.unknownEmail(), password: "guess", from: address).status == .unauthorized)
            let blocked = try await Self.signIn(store, email: store.staffEmail(.editor), from: address)
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.errorBody?.message.contains("from this address") == true)
            // Another address goes on.
            #expect(try await Self.signIn(store, email: store.staffEmail(.editor)).status == .ok)
        }
    }

    @Test("a full line of password checks answers 429 at once", arguments: Backend.available)
    func busy(backend: Backend) async throws {
        let queue = PasswordWorkQueue(maxRunning: 1, maxWaiting: 0, reservedWaiting: 0)
        try await TestStore.with(backend, configuration: SignInFloodTests.configuration(queue: queue)) { store in
            // The only slot is held while this sign-in comes in.
            let held = AsyncStream<Void>.makeStream()
            let release = AsyncStream<Void>.makeStream()
            let holder = Task {
                _ = try await queue.withSlot {
                    held.continuation.yield()
                    for await _ in release.stream { break }
                }
            }
            for await _ in held.stream { break }
            let refused = try await Self.signIn(store, email: store.staffEmail(.editor))
            release.continuation.yield()
            _ = try await holder.value
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorBody?.retryAfter == 1)
            #expect(try await Self.signIn(store, email: store.staffEmail(.editor)).status == .ok)
        }
    }
}
