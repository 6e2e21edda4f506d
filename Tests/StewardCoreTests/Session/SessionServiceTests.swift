import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct SessionServiceTests {
    struct Setup {
        let database: AppDatabase
        let org: Organization
        let credentials = MemoryCredentialStore()
        let transport = FakeSessionTransport()
        var sessions: SessionService { SessionService(database: database, credentials: credentials, transport: transport) }

        init() async throws {
            database = try AppDatabase.inMemory()
            org = try await OrganizationService(database: database)
                .add(slug: "grace-church", name: "Grace", timeZone: "America/Chicago", kind: .church)
        }

        var key: CredentialKey {
            get throws { CredentialKey(installation: UUIDColumn.encode(try database.installationId()), orgSlug: org.slug) }
        }

        func remote() async throws -> Remote? {
            try await database.writer.read { [org] db in try Remote.fetch(orgId: org.id, db) }
        }

        /// Every text value stored in the database, to look for secrets.
        func allStoredText() async throws -> String {
            try await database.writer.read { db in
                var text = ""
                for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                    for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                        for (_, value) in row { text += "\(value)\n" }
                    }
                }
                return text
            }
        }
    }

    @Test func signingInConnectsTheRemoteAndKeepsOnlyTheTokensOutsideTheDatabase() async throws {
        let s = try await Setup()
        await s.transport.answerSignIn(.success(.issued(1)))

        let session = try await s.sessions.signIn(org: s.org, url: " https://store.example.org/ ", email: " ann@grace.example ",
                                                  password: "correct horse")

        #expect(session == StaffSession(orgId: s.org.id, email: "ann@grace.example", role: .editor, url: "https://store.example.org"))
        #expect(await s.transport.signInRequests == [SignInRequest(email: "ann@grace.example", password: "correct horse")])
        let remote = try #require(try await s.remote())
        #expect(remote.url == "https://store.example.org")
        #expect(remote.staffEmail == "ann@grace.example")
        #expect(remote.staffRole == .editor)
        #expect(remote.signedIn)
        #expect(remote.token == "")
        #expect(remote.clientId == "\(UUIDColumn.encode(try s.database.installationId()))/grace-church")
        let kept = try #require(try s.credentials.load(try s.key))
        #expect(kept.accessToken == "access-1")
        #expect(kept.refreshToken == "refresh-1")
        #expect(kept.url == "https://store.example.org")
        // The tokens are not in the database, and the password is nowhere.
        let stored = try await s.allStoredText()
        #expect(!stored.contains("access-1"))
        #expect(!stored.contains("refresh-1"))
        #expect(!stored.contains("correct horse"))
        #expect(!String(decoding: try kept.encoded(), as: UTF8.self).contains("correct horse"))
        #expect(try await s.sessions.session(for: s.org) == session)
    }

    @Test func signingInAgainEndsTheSessionItReplaces() async throws {
        let s = try await Setup()
        await s.transport.answerSignIn(.success(.issued(1)))
        await s.transport.answerSignIn(.success(.issued(2, email: "bob@grace.example", role: .viewer)))
        try await s.sessions.signIn(org: s.org, url: "https://store", email: "ann@grace.example", password: "pw")

        let session = try await s.sessions.signIn(org: s.org, url: "https://store", email: "bob@grace.example", password: "pw")

        #expect(session.email == "bob@grace.example")
        #expect(session.role == .viewer)
        #expect(await s.transport.signedOutTokens == ["access-1"])
        #expect(try s.credentials.load(try s.key)?.accessToken == "access-2")
        #expect(try await s.remote()?.staffRole == .viewer)
    }

    @Test func signingInAfterAnAPITokenKeepsTheNumberingAndTheCursorOfTheSameStore() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let before = try await f.remote()
        let transport = FakeSessionTransport()
        await transport.answerSignIn(.success(.issued(1)))
        let sessions = SessionService(database: f.database, credentials: MemoryCredentialStore(), transport: transport)

        try await sessions.signIn(org: f.org, url: "https://fake.store", email: "ann@grace.example", password: "pw")

        let after = try await f.remote()
        #expect(after.clientId == before.clientId)
        #expect(after.lastAssignedMutationId == before.lastAssignedMutationId)
        #expect(after.cursor == before.cursor)
        #expect(after.token == "")
        #expect(after.usesStaffSignIn)
    }

    @Test func badInputNamesTheFieldAndSendsNothing() async throws {
        let s = try await Setup()
        let cases: [(String, String, String, [String])] = [
            ("", "ann@grace.example", "pw", ["url"]),
            ("ftp://store", "ann@grace.example", "pw", ["url"]),
            ("https://store", "", "pw", ["email"]),
            ("https://store", "ann", "pw", ["email"]),
            ("https://store", "ann@grace.example", "", ["password"]),
            ("nope", "", "", ["url", "email", "password"]),
        ]
        for (url, email, password, fields) in cases {
            let error = await #expect(throws: ValidationError.self) {
                try await s.sessions.signIn(org: s.org, url: url, email: email, password: password)
            }
            #expect(error?.issues.map(\.field) == fields)
        }
        #expect(await s.transport.signInRequests.isEmpty)
        #expect(try await s.remote() == nil)
        #expect(try s.credentials.load(try s.key) == nil)
    }

    @Test func theStoresRefusalsBecomeMessagesForPeopleAndStoreNothing() async throws {
        let s = try await Setup()
        let url = "https://store.example.org"
        let cases: [(SyncTransportError, SignInError, String)] = [
            (.status(401, ErrorResponse(error: "wrong-credentials", message: "no")), .wrongCredentials,
             "The email or password is not right for this organization's store."),
            (.status(429, ErrorResponse(error: "too-many-attempts", message: "wait", retryAfter: 290)),
             .tooManyAttempts(retryAfter: 290), "Too many failed sign-ins. Try again in 5 minutes."),
            (.status(429, ErrorResponse(error: "too-many-attempts", message: "wait", retryAfter: 30)),
             .tooManyAttempts(retryAfter: 30), "Too many failed sign-ins. Try again in 1 minute."),
            (.transport(.couldNotConnect("connection refused")), .storeUnreachable(url: url, reason: "connection refused"),
             "Cannot reach the store at https://store.example.org: connection refused. Check the address and the network."),
            (.status(404, nil), .notAStewardStore(url: url),
             "The address https://store.example.org does not answer like a Steward store. Check the store's address."),
            (.invalidResponse("not JSON"), .notAStewardStore(url: url),
             "The address https://store.example.org does not answer like a Steward store. Check the store's address."),
            (.status(404, ErrorResponse(error: "not-found", message: "no such organization")),
             .unknownOrganization(url: url, slug: "grace-church"),
             "The store at https://store.example.org has no organization \"grace-church\". Check the address, or ask the store's administrator."),
            (.status(503, ErrorResponse(error: "unavailable", message: "busy")),
             .storeUnreachable(url: url, reason: "it answered 503, try again later"),
             "Cannot reach the store at https://store.example.org: it answered 503, try again later. Check the address and the network."),
        ]
        for (answer, expected, message) in cases {
            await s.transport.answerSignIn(.failure(answer))
            let error = await #expect(throws: SignInError.self) {
                try await s.sessions.signIn(org: s.org, url: url, email: "ann@grace.example", password: "wrong")
            }
            #expect(error == expected)
            #expect(error?.message == message)
        }
        #expect(try await s.remote() == nil)
        #expect(try s.credentials.load(try s.key) == nil)
        #expect(try await s.sessions.session(for: s.org) == nil)
    }

    @Test func signingOutEndsTheSessionOnTheStoreAndKeepsTheOutbox() async throws {
        let s = try await Setup()
        await s.transport.answerSignIn(.success(.issued(1)))
        try await s.sessions.signIn(org: s.org, url: "https://store", email: "ann@grace.example", password: "pw")
        _ = try await EventService(database: s.database).create(.timed("Choir"), in: s.org)

        #expect(try await s.sessions.signOut(org: s.org))

        #expect(await s.transport.signedOutTokens == ["access-1"])
        #expect(try s.credentials.load(try s.key) == nil)
        #expect(try await s.sessions.session(for: s.org) == nil)
        let remote = try #require(try await s.remote())
        #expect(!remote.signedIn)
        #expect(remote.staffEmail == "ann@grace.example")
        #expect(try await s.database.writer.read { db in try Outbox.pendingCount(db) } == 1)
        // Signing out again is harmless.
        #expect(try await s.sessions.signOut(org: s.org) == false)
        // A signed-out remote does not sync; the change waits.
        let engine = SyncEngine(database: s.database, transport: { _ in FakeStore() })
        await #expect(throws: SyncError.signedOut(slug: "grace-church")) { try await engine.sync(org: s.org) }
    }

    @Test func signingOutWithAnExpiredAccessTokenRenewsItToEndTheSession() async throws {
        let s = try await Setup()
        await s.transport.answerSignIn(.success(.issued(1, accessLifetime: 0)))
        await s.transport.answerRefresh(.success(.issued(2)))
        try await s.sessions.signIn(org: s.org, url: "https://store", email: "ann@grace.example", password: "pw")

        try await s.sessions.signOut(org: s.org)

        #expect(await s.transport.refreshTokensPresented == ["refresh-1"])
        #expect(await s.transport.signedOutTokens == ["access-2"])
        #expect(try s.credentials.load(try s.key) == nil)
    }

    @Test func aCredentialStoreThatCannotSaveFailsTheSignInAndEndsTheSession() async throws {
        let s = try await Setup()
        await s.transport.answerSignIn(.success(.issued(1)))
        let sessions = SessionService(database: s.database, credentials: RefusingCredentialStore(displayName: "the broken keyring"), transport: s.transport)

        let error = await #expect(throws: SignInError.self) {
            try await sessions.signIn(org: s.org, url: "https://store", email: "ann@grace.example", password: "pw")
        }
        #expect(error?.message.hasPrefix("Signed in, but the sign-in could not be kept on this computer: the broken keyring") == true)
        #expect(await s.transport.signedOutTokens == ["access-1"])
        #expect(try await s.remote() == nil)
    }
}
