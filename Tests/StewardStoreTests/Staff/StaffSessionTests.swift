import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Signing in, refreshing and signing out, on every backend.
@Suite("Staff sessions")
struct StaffSessionTests {
    @Test("signing in answers a pair of tokens that work for the member's organization", arguments: Backend.available)
    func signIn(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            // Emails are matched whatever their case and surrounding spaces.
            let response = try await store.signIn(email: "  " + store.staffEmail(.editor).uppercased())
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let tokens = try response.decode(SessionTokens.self)
            #expect(tokens.email == store.staffEmail(.editor))
            #expect(tokens.role == .editor)
            #expect(tokens.accessExpiresIn == StoreConfiguration.defaultAccessTokenSeconds)
            #expect(tokens.refreshExpiresIn == StoreConfiguration.defaultRefreshTokenSeconds)
            // At least 128 random bits each (256 in fact), and told apart from API tokens.
            #expect(tokens.accessToken.hasPrefix("stwa_") && tokens.accessToken.count == 5 + 43)
            #expect(tokens.refreshToken.hasPrefix("stwr_") && tokens.refreshToken.count == 5 + 43)
            #expect(tokens.accessToken != tokens.refreshToken)

            let changes = try await store.changes(token: tokens.accessToken)
            #expect(changes.status == .ok, "\(changes.text)")
            let pushed = try await store.push(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1)),
                                              token: tokens.accessToken)
            #expect(pushed.status == .ok, "\(pushed.text)")
            // The refresh token is not a bearer token.
            #expect(try await store.changes(token: tokens.refreshToken).status == .unauthorized)
        }
    }

    @Test("the store keeps only hashes of session tokens", arguments: Backend.available)
    func tokensStoredHashed(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let tokens = try await store.signInOK(.viewer)
            let access = try #require(try await store.repository.staffAccess(forTokenHash: BearerToken.hash(tokens.accessToken)))
            #expect(access.email == store.staffEmail(.viewer))
            #expect(access.role == .viewer)
            #expect(try await store.repository.staffAccess(forTokenHash: tokens.accessToken) == nil)
        }
    }

    @Test("a wrong password, an unknown email and another organization's staff get one and the same 401",
          arguments: Backend.available)
    func wrongCredentials(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let wrongPassword = try await store.signIn(email: store.staffEmail(.admin), password: "not the password")
            let unknownEmail = try await store.signIn(email: "nobody@example.org")
            // A real account with its real password, but of the foreign organization.
            let foreignStaff = try await store.signIn(email: TestStore.staffEmail(.admin, org: store.foreignOrg))
            for response in [wrongPassword, unknownEmail, foreignStaff] {
                #expect(response.status == .unauthorized)
                #expect(response.errorBody?.error == ErrorResponse.Code.wrongCredentials)
            }
            #expect(wrongPassword.text == unknownEmail.text)
            #expect(unknownEmail.text == foreignStaff.text)
            // Signing in at an organization that does not exist says nothing more either.
            let noOrg = try await store.signIn(email: store.staffEmail(.admin), org: TestStore.freshSlug("none"))
            #expect(noOrg.status == .unauthorized)
            #expect(noOrg.text == wrongPassword.text)
        }
    }

    @Test("malformed sign-in bodies answer 400 naming the field", arguments: Backend.available)
    func malformedSignIn(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let notAnEmail = try await store.signIn(email: "admin")
            #expect(notAnEmail.status == .badRequest)
            #expect(notAnEmail.errorBody?.message.hasPrefix("email:") == true)
            let missing = try await store.request(.post, "/v1/orgs/\(store.org)/session", token: nil,
                                                  body: Data(#"{"email":"a@b.example"}"#.utf8))
            #expect(missing.status == .badRequest)
            #expect(missing.errorBody?.message == "password: is required")
            let huge = try await store.signIn(email: store.staffEmail(.admin), password: String(repeating: "x", count: 2000))
            #expect(huge.status == .badRequest)
            #expect(huge.errorBody?.message.hasPrefix("password:") == true)
            let badOrg = try await store.signIn(email: store.staffEmail(.admin), org: "Not_A_Slug")
            #expect(badOrg.status == .badRequest)
        }
    }

    @Test("after 5 failures sign-in answers 429 with Retry-After, even with the right password", arguments: Backend.available)
    func throttled(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let email = store.staffEmail(.editor)
            for attempt in 1...5 {
                let response = try await store.signIn(email: email, password: "guess \(attempt)")
                #expect(response.status == .unauthorized, "attempt \(attempt): \(response.text)")
            }
            let blocked = try await store.signIn(email: email)
            #expect(blocked.status == .tooManyRequests)
            let body = try #require(blocked.errorBody)
            #expect(body.error == ErrorResponse.Code.tooManyAttempts)
            let wait = try #require(body.retryAfter)
            #expect((1...60).contains(wait))
            #expect(blocked.headers[.retryAfter] == String(wait))
            // Other emails, and the same email elsewhere, are not slowed down.
            #expect(try await store.signIn(email: store.staffEmail(.viewer)).status == .ok)
            #expect(try await store.signIn(email: TestStore.staffEmail(.editor, org: store.foreignOrg),
                                           org: store.foreignOrg).status == .ok)
            // Unknown emails are throttled just the same (or the 429 would tell who is on staff).
            for _ in 1...5 { _ = try await store.signIn(email: "nobody@example.org", password: "guess") }
            #expect(try await store.signIn(email: "nobody@example.org").status == .tooManyRequests)
        }
    }

    @Test("the wait doubles with each further failure, and a success clears the count", arguments: Backend.available)
    func throttleDoublesAndClears(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        // Waits of a few seconds, read back from the answers rather than assumed: a loaded
        // machine takes its time between two requests, and the test must not depend on it.
        configuration.signInThrottle = SignInThrottle(freeAttempts: 5, window: .seconds(900), firstWait: .seconds(4),
                                                      maxWait: .seconds(900))
        try await TestStore.with(backend, configuration: configuration) { store in
            let email = store.staffEmail(.approver)
            for _ in 1...5 { _ = try await store.signIn(email: email, password: "guess") }
            let firstWait = try #require(try await store.signIn(email: email).errorBody?.retryAfter)
            #expect((1...4).contains(firstWait))
            try await Task.sleep(for: .milliseconds(firstWait * 1000 + 200))
            // Past the wait the password is checked again; a sixth failure doubles the wait to 8 s.
            #expect(try await store.signIn(email: email, password: "guess").status == .unauthorized)
            let secondWait = try #require(try await store.signIn(email: email).errorBody?.retryAfter)
            #expect((5...8).contains(secondWait), "longer than the first wait could ever be: \(secondWait) s")
            try await Task.sleep(for: .milliseconds(secondWait * 1000 + 200))
            #expect(try await store.signIn(email: email).status == .ok)
            // The success forgot the failures: four more are answered 401, not 429.
            for attempt in 1...4 {
                let response = try await store.signIn(email: email, password: "guess")
                #expect(response.status == .unauthorized, "attempt \(attempt) after the success: \(response.text)")
            }
            #expect(try await store.signIn(email: email).status == .ok)
        }
    }

    @Test("a refresh rotates the pair; the old refresh token is used up", arguments: Backend.available)
    func refreshRotates(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.editor)
            let response = try await store.refresh(first.refreshToken)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let second = try response.decode(SessionTokens.self)
            #expect(second.accessToken != first.accessToken)
            #expect(second.refreshToken != first.refreshToken)
            #expect(second.email == first.email)
            #expect(second.role == .editor)
            #expect(try await store.changes(token: second.accessToken).status == .ok)
            // The access token it replaced lives out its time.
            #expect(try await store.changes(token: first.accessToken).status == .ok)
            // The next refresh uses the new refresh token.
            #expect(try await store.refresh(second.refreshToken).status == .ok)
        }
    }

    @Test("a used refresh token presented again ends the whole session", arguments: Backend.available)
    func refreshReuseRevokes(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let first = try await store.signInOK(.admin)
            let second = try await store.refresh(first.refreshToken).decode(SessionTokens.self)
            // The answer arrived (its access token is in use): the old refresh token coming back
            // can only be a copy.
            #expect(try await store.changes(token: second.accessToken).status == .ok)
            let reuse = try await store.refresh(first.refreshToken)
            #expect(reuse.status == .unauthorized)
            #expect(reuse.errorBody?.error == ErrorResponse.Code.unauthorized)
            // Whoever holds the session's tokens now, thief or owner, is out.
            for token in [first.accessToken, second.accessToken] {
                let response = try await store.changes(token: token)
                #expect(response.status == .unauthorized)
                #expect(response.errorBody?.error == ErrorResponse.Code.unauthorized)
            }
            #expect(try await store.refresh(second.refreshToken).status == .unauthorized)
            // Other sessions of the same member go on.
            #expect(try await store.changes(token: store.staffTokens[.admin]!).status == .ok)
        }
    }

    @Test("unknown, foreign and API tokens cannot be refreshed", arguments: Backend.available)
    func refreshRefusals(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let foreign = try await store.signInOK(.editor, org: store.foreignOrg)
            // Another organization's refresh token, on our path: refused, and still good at home.
            #expect(try await store.refresh(foreign.refreshToken).status == .unauthorized)
            #expect(try await store.refresh(foreign.refreshToken, org: store.foreignOrg).status == .ok)
            #expect(try await store.refresh("stwr_notAtokenTheStoreEverIssued").status == .unauthorized)
            #expect(try await store.refresh(store.admin).status == .unauthorized)
            let access = try await store.signInOK(.editor)
            #expect(try await store.refresh(access.accessToken).status == .unauthorized)
        }
    }

    @Test("an expired refresh token is refused", arguments: Backend.available)
    func refreshExpires(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.accessTokenTTL = .seconds(1)
        configuration.refreshTokenTTL = .seconds(1)
        try await TestStore.with(backend, configuration: configuration) { store in
            let tokens = try await store.signInOK(.viewer)
            try await Task.sleep(for: .milliseconds(1200))
            let response = try await store.refresh(tokens.refreshToken)
            #expect(response.status == .unauthorized)
            #expect(response.errorBody?.error == ErrorResponse.Code.unauthorized)
        }
    }

    @Test("signing out stops the access and refresh tokens at once", arguments: Backend.available)
    func signOut(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let tokens = try await store.signInOK(.approver)
            let response = try await store.signOut(tokens.accessToken)
            #expect(response.status == .noContent)
            #expect(response.body.readableBytes == 0)
            let after = try await store.changes(token: tokens.accessToken)
            #expect(after.status == .unauthorized)
            #expect(after.errorBody?.error == ErrorResponse.Code.unauthorized)
            #expect(try await store.refresh(tokens.refreshToken).status == .unauthorized)
            // Signing out twice: the token no longer works.
            #expect(try await store.signOut(tokens.accessToken).status == .unauthorized)
            // The member's other session is untouched.
            #expect(try await store.changes(token: store.staffTokens[.approver]!).status == .ok)
        }
    }

    @Test("an expired access token answers 401 token-expired, and a refresh brings it back", arguments: Backend.available)
    func accessTokenExpires(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        // Long enough that a busy test run (hundreds of suites setting up at once on two cores)
        // does not expire a token between two steps that expect it alive; short enough to wait out.
        configuration.accessTokenTTL = .seconds(5)
        try await TestStore.with(backend, configuration: configuration) { store in
            let tokens = try await store.signInOK(.editor)
            #expect(tokens.accessExpiresIn == 5)
            #expect(try await store.changes(token: tokens.accessToken).status == .ok)
            try await Task.sleep(for: .milliseconds(5200))
            let expired = try await store.changes(token: tokens.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(expired.errorBody?.error == ErrorResponse.Code.tokenExpired)
            #expect(expired.headers[.wwwAuthenticate] == "Bearer")
            let refreshed = try await store.refresh(tokens.refreshToken).decode(SessionTokens.self)
            #expect(try await store.changes(token: refreshed.accessToken).status == .ok)
            // Signing out wins over expiry: a revoked, expired token is simply unauthorized.
            #expect(try await store.signOut(refreshed.accessToken).status == .noContent)
            try await Task.sleep(for: .milliseconds(5200))
            #expect(try await store.changes(token: refreshed.accessToken).errorBody?.error == ErrorResponse.Code.unauthorized)
        }
    }

    @Test("removing a staff member ends their sessions", arguments: Backend.available)
    func removedStaff(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let tokens = try await store.signInOK(.editor)
            #expect(try await store.repository.removeStaff(org: store.org, email: store.staffEmail(.editor), now: Date()))
            #expect(try await store.repository.removeStaff(org: store.org, email: store.staffEmail(.editor), now: Date()) == false)
            #expect(try await store.changes(token: tokens.accessToken).status == .unauthorized)
            #expect(try await store.changes(token: store.staffTokens[.editor]!).status == .unauthorized)
            #expect(try await store.refresh(tokens.refreshToken).status == .unauthorized)
            #expect(try await store.signIn(email: store.staffEmail(.editor)).status == .unauthorized)
            // Added again, they sign in afresh; the old sessions stay ended.
            try await TestStore.addStaff(store.repository, org: store.org, role: .editor)
            #expect(try await store.changes(token: tokens.accessToken).status == .unauthorized)
            #expect(try await store.signIn(email: store.staffEmail(.editor)).status == .ok)
        }
    }

    @Test("staff accounts: one per organization and email", arguments: Backend.available)
    func staffAccounts(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let members = try await store.repository.staff(org: store.org)
            #expect(members.map(\.email) == StaffRole.allCases.map(store.staffEmail).sorted())
            let duplicate = StaffMember(org: store.org, email: store.staffEmail(.viewer), role: .admin,
                                        passwordHash: members[0].passwordHash, createdAt: Date())
            await #expect(throws: StoreFailure.staffExists(store.staffEmail(.viewer))) {
                try await store.repository.addStaff(duplicate)
            }
            var elsewhere = duplicate
            elsewhere.org = TestStore.freshSlug("none")
            await #expect(throws: StoreFailure.unknownOrg(elsewhere.org)) {
                try await store.repository.addStaff(elsewhere)
            }
            #expect(try await store.repository.staffMember(org: store.org, email: store.staffEmail(.viewer))?.role == .viewer)
        }
    }
}

@Suite("Session cleanup")
struct SessionCleanupTests {
    @Test("ended sessions are forgotten; live ones keep even their expired access tokens", arguments: Backend.available)
    func cleanup(backend: Backend) async throws {
        var configuration = TestStore.testConfiguration
        configuration.accessTokenTTL = .seconds(1)
        try await TestStore.with(backend, configuration: configuration) { store in
            let live = try await store.signInOK(.editor)
            let signedOut = try await store.signInOK(.editor)
            #expect(try await store.signOut(signedOut.accessToken).status == .noContent)
            try await Task.sleep(for: .milliseconds(1200))
            let service = SessionCleanupService(repository: store.repository, limits: SignInLimits(),
                                                interval: .seconds(3600), logger: TestStore.testLogger)
            await service.cleanUp()
            #expect(try await store.repository.staffAccess(forTokenHash: BearerToken.hash(signedOut.accessToken)) == nil)
            // The live session's expired access token still says "refresh", and the refresh works.
            #expect(try await store.changes(token: live.accessToken).errorBody?.error == ErrorResponse.Code.tokenExpired)
            #expect(try await store.refresh(live.refreshToken).status == .ok)
            // A session whose refresh token has expired goes too, seen from a later "now" (not on
            // PostgreSQL, whose database the tests running beside this one share).
            guard backend == .sqlite else { return }
            let later = Date().addingTimeInterval(Double(StoreConfiguration.defaultRefreshTokenSeconds) + 60)
            #expect(try await store.repository.forgetExpiredSessions(now: later, failuresBefore: Date()) >= 1)
            #expect(try await store.repository.staffAccess(forTokenHash: BearerToken.hash(live.accessToken)) == nil)
        }
    }
}
