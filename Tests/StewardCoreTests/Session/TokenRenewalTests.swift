import Foundation
import GRDB
import StewardTestSupport
import Testing
@testable import StewardCore

@Suite struct TokenRenewalTests {
    let key = CredentialKey(installation: "00000000-0000-0000-0000-000000000001", orgSlug: "grace")

    func provider(_ credentials: MemoryCredentialStore, _ transport: FakeSessionTransport,
                  signedOut: SignedOutFlag = SignedOutFlag()) -> StaffTokenProvider {
        StaffTokenProvider(url: "https://store", orgSlug: "grace", key: key, credentials: credentials,
                           transport: transport, onSignedOut: { signedOut.set() })
    }

    @Test func aFreshTokenIsUsedAsItIs() async throws {
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let transport = FakeSessionTransport()

        #expect(try await provider(credentials, transport).token() == "access-1")
        #expect(await transport.refreshTokensPresented.isEmpty)
    }

    @Test func aTokenAboutToExpireIsRenewedAndTheNewPairSavedBeforeItIsUsed() async throws {
        let credentials = MemoryCredentialStore()
        // Issued 880 s ago with 900 s to live: 20 s left, under the 30 s margin.
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1),
                                                issuedAt: Date().addingTimeInterval(-880)), for: key)
        let transport = FakeSessionTransport(credentials: credentials, key: key)
        await transport.answerRefresh(.success(.issued(2)))

        let token = try await provider(credentials, transport).token()

        #expect(token == "access-2")
        #expect(await transport.refreshTokensPresented == ["refresh-1"])
        // While the store answered, the old pair was still kept; once the new token is handed
        // out, the new pair is.
        #expect(await transport.keptDuringRefresh == ["access-1"])
        #expect(try credentials.load(key)?.refreshToken == "refresh-2")
    }

    @Test func aTokenTheStoreCallsExpiredIsRenewedOnceAndOnlyOnce() async throws {
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let transport = FakeSessionTransport()
        await transport.answerRefresh(.success(.issued(2)))
        let tokens = provider(credentials, transport)

        #expect(try await tokens.renewed(after: "access-1") == "access-2")
        // Another request that left with the old token gets the renewed one, without a second
        // refresh (which would replay a used-up refresh token).
        #expect(try await tokens.renewed(after: "access-1") == "access-2")
        #expect(await transport.refreshTokensPresented == ["refresh-1"])
    }

    @Test func aRefusedRenewalSignsOutAndForgetsTheTokens() async throws {
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let transport = FakeSessionTransport()
        await transport.answerRefresh(.failure(.status(401, ErrorResponse(error: "unauthorized", message: "session ended"))))
        let signedOut = SignedOutFlag()
        let tokens = provider(credentials, transport, signedOut: signedOut)

        await #expect(throws: SyncTransportError.signedOut) { _ = try await tokens.renewed(after: "access-1") }
        #expect(try credentials.load(key) == nil)
        #expect(signedOut.isSet)
        // Nothing more is asked of the store.
        await #expect(throws: SyncTransportError.signedOut) { _ = try await tokens.token() }
        #expect(await transport.refreshTokensPresented.count == 1)
    }

    @Test func aRefreshWhoseAnswerIsLostIsSentAgainAndTheSessionGoesOn() async throws {
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let transport = FakeSessionTransport()
        // The store carried out the first refresh, but its answer never arrived.
        await transport.answerRefresh(.failure(.transport(.connectionLost("Connection reset by peer"))))
        await transport.answerRefresh(.success(.issued(2)))
        let signedOut = SignedOutFlag()
        let tokens = StaffTokenProvider(url: "https://store", orgSlug: "grace", key: key, credentials: credentials,
                                        transport: transport, onSignedOut: { signedOut.set() },
                                        lostAnswerRetryDelays: [.zero, .zero])

        #expect(try await tokens.renewed(after: "access-1") == "access-2")
        // The same refresh token, twice: the store takes the repeat within its grace window.
        #expect(await transport.refreshTokensPresented == ["refresh-1", "refresh-1"])
        #expect(try credentials.load(key)?.refreshToken == "refresh-2")
        #expect(!signedOut.isSet)
    }

    @Test func aRefreshThatNeverLeftIsNotRepeatedAtOnce() async throws {
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: "https://store", tokens: .issued(1)), for: key)
        let transport = FakeSessionTransport()
        await transport.answerRefresh(.failure(.transport(.couldNotConnect("connection refused"))))
        let tokens = StaffTokenProvider(url: "https://store", orgSlug: "grace", key: key, credentials: credentials,
                                        transport: transport, lostAnswerRetryDelays: [.zero, .zero])

        await #expect(throws: SyncTransportError.transport(.couldNotConnect("connection refused"))) {
            _ = try await tokens.renewed(after: "access-1")
        }
        #expect(await transport.refreshTokensPresented == ["refresh-1"])
        // Still signed in: the next sync tries again.
        #expect(try credentials.load(key)?.refreshToken == "refresh-1")
    }

    @Test func noKeptTokensMeansSignedOut() async throws {
        let tokens = provider(MemoryCredentialStore(), FakeSessionTransport())
        await #expect(throws: SyncTransportError.signedOut) { _ = try await tokens.token() }
    }

    @Test func aSyncWhoseRenewalIsRefusedEndsSignedOutAndMarksTheRemote() async throws {
        let f = try await SyncFixture()
        let credentials = MemoryCredentialStore()
        let sessions = FakeSessionTransport()
        await sessions.answerSignIn(.success(.issued(1)))
        try await SessionService(database: f.database, credentials: credentials, transport: sessions)
            .signIn(org: f.org, url: "https://fake.store", email: "ann@grace.example", password: "pw")
        try await f.create("Choir")
        let remote = try await f.remote()
        let database = f.database
        // The store says the access token has expired; the refresh is refused.
        let engine = SyncEngine(database: f.database, transport: { remote in
            ExpiringTransport(inner: f.store, tokens: SessionService.tokenProvider(
                for: remote, credentials: credentials, transport: sessions, database: database))
        })

        await #expect(throws: SyncError.signedOut(slug: "grace-church")) { try await engine.sync(org: f.org) }

        #expect(try await f.remote().signedIn == false)
        #expect(try credentials.load(CredentialKey(remote: remote)) == nil)
        #expect(try await f.outbox().count == 1)
        #expect(await f.store.pushRequests.isEmpty)
    }
}

final class SignedOutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// A transport that asks the provider for a token, and whose store calls every token expired:
/// the provider must renew it.
struct ExpiringTransport: SyncTransport {
    let inner: FakeStore
    let tokens: any AccessTokenProvider
    var storeURL: String { inner.storeURL }

    func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
        try await check()
        return try await inner.push(request)
    }

    func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse {
        try await check()
        return try await inner.pull(cursor: cursor, limit: limit)
    }

    func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse {
        try await check()
        return try await inner.history(entity: entity, recordId: recordId)
    }

    private func check() async throws(SyncTransportError) {
        let token = try await tokens.token()
        guard try await tokens.renewed(after: token) != nil else {
            throw .status(401, ErrorResponse(error: "token-expired", message: "expired"))
        }
    }
}

/// The HTTP transport against a loopback store whose access tokens expire: the request that
/// gets 401 token-expired is sent once more with the renewed token.
@Suite(.serialized) struct TokenRenewalHTTPTests {
    static let script = #"""
import http.server, json

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen = []

    def log_message(self, *args):
        pass

    def send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        token = (self.headers.get("Authorization") or "").replace("Bearer ", "")
        if self.path.startswith("/seen"):
            return self.send(200, {"tokens": Handler.seen})
        Handler.seen.append(token)
        if token == "access-1" or token == "always-expired":
            return self.send(401, {"error": "token-expired", "message": "the access token has expired"})
        if token == "access-2":
            return self.send(200, {"changes": [], "cursor": "s2.0.0", "hasMore": False})
        return self.send(401, {"error": "unauthorized", "message": "unknown token"})

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    func seen(_ server: PythonServer) async throws -> [String] {
        let response = try await HTTPClient().send(HTTPClientRequest(url: server.url + "/seen"))
        return try JSONValue.parse(String(decoding: response.body, as: UTF8.self))["tokens"]?.arrayValue?
            .compactMap(\.stringValue) ?? []
    }

    @Test func anExpiredTokenIsRenewedAndTheRequestSentAgainOnce() async throws {
        let server = try PythonServer(script: Self.script)
        let key = CredentialKey(installation: "i", orgSlug: "grace")
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: server.url, tokens: .issued(1)), for: key)
        let sessions = FakeSessionTransport()
        await sessions.answerRefresh(.success(.issued(2)))
        let remote = Remote(orgId: UUID(), url: server.url, storeOrg: "grace", token: "", clientId: "i/grace")
        let transport = HTTPSyncTransport(remote: remote, client: HTTPClient(), tokens: StaffTokenProvider(
            url: server.url, orgSlug: "grace", key: key, credentials: credentials, transport: sessions))

        let page = try await transport.pull(cursor: "", limit: 10)

        #expect(page.cursor == "s2.0.0")
        #expect(try await seen(server) == ["access-1", "access-2"])
        #expect(await sessions.refreshTokensPresented == ["refresh-1"])
        #expect(try credentials.load(key)?.accessToken == "access-2")
    }

    @Test func aSecondExpiryOfTheSameRequestIsNotRetriedAgain() async throws {
        let server = try PythonServer(script: Self.script)
        let key = CredentialKey(installation: "i", orgSlug: "grace")
        let credentials = MemoryCredentialStore()
        try credentials.save(SessionCredentials(url: server.url, tokens: .issued(1)), for: key)
        let sessions = FakeSessionTransport()
        var renewed = SessionTokens.issued(2)
        renewed.accessToken = "always-expired"
        await sessions.answerRefresh(.success(renewed))
        await sessions.answerRefresh(.success(.issued(3)))
        let remote = Remote(orgId: UUID(), url: server.url, storeOrg: "grace", token: "", clientId: "i/grace")
        let transport = HTTPSyncTransport(remote: remote, client: HTTPClient(), tokens: StaffTokenProvider(
            url: server.url, orgSlug: "grace", key: key, credentials: credentials, transport: sessions))

        await #expect(throws: SyncTransportError.status(401, ErrorResponse(error: "token-expired",
                                                                          message: "the access token has expired"))) {
            _ = try await transport.pull(cursor: "", limit: 10)
        }
        #expect(try await seen(server) == ["access-1", "always-expired"])
        #expect(await sessions.refreshTokensPresented == ["refresh-1"])
    }

    @Test func anAPITokenIsNeverRenewed() async throws {
        let server = try PythonServer(script: Self.script)
        let remote = Remote(orgId: UUID(), url: server.url, storeOrg: "grace", token: "access-1", clientId: "i/grace")
        let transport = HTTPSyncTransport(remote: remote, client: HTTPClient())

        await #expect(throws: SyncTransportError.self) { _ = try await transport.pull(cursor: "", limit: 10) }
        #expect(try await seen(server) == ["access-1"])
    }
}
