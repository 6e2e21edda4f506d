import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Connecting to an organization's store from a console with no organization: signing in
/// without a slug, then setting up the organizations chosen.
@Suite struct StoreAccountTests {
    struct Setup {
        let database: AppDatabase
        let credentials = MemoryCredentialStore()
        let transport = FakeSessionTransport()
        var sessions: SessionService { SessionService(database: database, credentials: credentials, transport: transport) }

        init() throws {
            database = try AppDatabase.inMemory()
        }
    }

    static func session(_ slug: String, name: String, n: Int, zone: String = "America/Chicago") -> OrgSession {
        OrgSession(org: slug, name: name, timeZone: zone, tokens: .issued(n))
    }

    @Test func signingInListsTheOrganizationsAndKeepsNothing() async throws {
        let s = try Setup()
        await s.transport.answerAccountSignIn(.success(AccountSessions(organizations: [
            Self.session("hope", name: "Hope", n: 2), Self.session("grace", name: "Grace", n: 1)])))

        let account = try await s.sessions.signInToStore(url: " https://store.example.org/ ", email: " ann@grace.example ",
                                                         password: "correct horse")

        #expect(account.url == "https://store.example.org")
        #expect(account.email == "ann@grace.example")
        #expect(account.organizations.map(\.org) == ["grace", "hope"])
        #expect(await s.transport.accountSignInRequests == [SignInRequest(email: "ann@grace.example", password: "correct horse")])
        #expect(try await OrganizationService(database: s.database).all().isEmpty)
    }

    @Test func refusalsAreSaidInStaffWords() async throws {
        let s = try Setup()
        await s.transport.answerAccountSignIn(.failure(.status(401, ErrorResponse(error: "wrong-credentials", message: "no"))))
        await s.transport.answerAccountSignIn(.failure(.status(429, ErrorResponse(error: "too-many-attempts", message: "wait",
                                                                                  retryAfter: 125))))
        await s.transport.answerAccountSignIn(.failure(.status(404, ErrorResponse(error: "not-found", message: "no such endpoint"))))
        let sign = { try await s.sessions.signInToStore(url: "https://store", email: "ann@grace.example", password: "pw") }
        await #expect(throws: SignInError.wrongCredentials) { try await sign() }
        await #expect(throws: SignInError.tooManyAttempts(retryAfter: 125)) { try await sign() }
        await #expect(throws: SignInError.storeWithoutAccountSignIn(url: "https://store")) { try await sign() }
        await #expect(throws: SignInError.self) { try await sign() }  // nothing answers: unreachable
        #expect(SignInError.tooManyAttempts(retryAfter: 125).message.contains("3"))
    }

    @Test func connectingMakesTheOrganizationAndSignsItInLikeTheSyncPage() async throws {
        let s = try Setup()
        let grace = Self.session("grace", name: "Grace Church", n: 1)
        let hope = Self.session("hope", name: "Hope", n: 2, zone: "Europe/Paris")
        let account = StoreAccount(url: "https://store.example.org", security: TransportSecurity(), email: "ann@grace.example",
                                   organizations: [grace, hope])

        let org = try await s.sessions.connect(grace, of: account, kind: .gym)
        await s.sessions.discard([hope], of: account)

        #expect(org.slug == "grace")
        #expect(org.name == "Grace Church")
        #expect(org.timeZone.identifier == "America/Chicago")
        #expect(org.kind == .gym)
        #expect(try await OrganizationService(database: s.database).all().map(\.slug) == ["grace"])
        #expect(try await s.sessions.session(for: org) == StaffSession(orgId: org.id, email: "ann@grace.example", role: .editor,
                                                                       url: "https://store.example.org"))
        let key = CredentialKey(installation: UUIDColumn.encode(try s.database.installationId()), orgSlug: "grace")
        #expect(try s.credentials.load(key)?.accessToken == "access-1")
        // The organization not chosen has its session ended on the store.
        #expect(await s.transport.signedOutTokens == ["access-2"])
    }

    @Test func anOrganizationAlreadyHereIsSignedInNotMadeAgain() async throws {
        let s = try Setup()
        let existing = try await OrganizationService(database: s.database)
            .add(slug: "grace", name: "Grace (here)", timeZone: "UTC", kind: .church)
        let account = StoreAccount(url: "https://store", security: TransportSecurity(), email: "ann@grace.example",
                                   organizations: [Self.session("grace", name: "Grace Church", n: 1)])

        let org = try await s.sessions.connect(account.organizations[0], of: account, kind: .gym)

        #expect(org.id == existing.id)
        #expect(org.name == "Grace (here)")
        #expect(try await s.sessions.session(for: org)?.email == "ann@grace.example")
    }
}
