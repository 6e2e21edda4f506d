import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Plain http:// to another computer carries passwords and tokens in the clear: refused when a
/// store address is entered unless the person allows it, kept with the remote, and refused again
/// by the HTTP layer for any request carrying a credential.
@Suite("Plain HTTP off this computer")
struct PlainHTTPRefusalTests {
    @Test("loopback is 127.0.0.0/8, ::1 and localhost; any other host is not")
    func loopbackAddresses() {
        for url in ["http://127.0.0.1:8420", "http://127.8.9.10", "http://localhost:1", "http://LOCALHOST", "http://[::1]:8420",
                    "http://[0:0:0:0:0:0:0:1]/", "http://[::ffff:127.0.0.1]:3", "https://store.example.org"] {
            #expect(!Loopback.isUnencryptedOffLoopback(url), "\(url)")
        }
        for url in ["http://store.example.org", "http://10.0.0.5:8420", "http://128.0.0.1", "http://[::2]", "http://127.1",
                    "http://localhost.example.org", "http://localhost.", "http://0.0.0.0:8420", "http://[::]:1", "HTTP://Store.Example.Org"] {
            #expect(Loopback.isUnencryptedOffLoopback(url), "\(url)")
        }
    }

    @Test("connecting with an API token to plain http:// on another computer is refused, and nothing is stored")
    func remoteConnectRefused() async throws {
        let (database, org) = try await Self.console()
        let credentials = MemoryCredentialStore()
        let service = RemoteService(database: database, credentials: credentials)

        let error = await #expect(throws: InsecureConnectionError.self) {
            try await service.connect(org, url: "http://store.example.org/", token: "stw_token")
        }
        #expect(error?.url == "http://store.example.org")
        #expect(error?.description == "http://store.example.org is plain http:// to another computer: passwords and tokens would cross the network unencrypted, readable by anyone on the way. Use an https:// address (https://store.example.org), or allow unencrypted connections explicitly.")
        #expect(try await service.remote(for: org) == nil)
        #expect(try credentials.loadAPIToken(CredentialKey(installation: UUIDColumn.encode(database.installationId()), orgSlug: org.slug)) == nil)
    }

    @Test("allowed explicitly, plain http:// is accepted and the choice is kept with the remote")
    func remoteConnectAllowed() async throws {
        let (database, org) = try await Self.console()
        let service = RemoteService(database: database, credentials: MemoryCredentialStore())
        let remote = try await service.connect(org, url: "http://store.example.org", token: "stw_token",
                                               security: TransportSecurity(allowInsecure: true))
        #expect(remote.allowInsecure)
        #expect(try await service.remote(for: org)?.allowInsecure == true)
        // Connecting again without the choice refuses, and keeps the connection as it was.
        await #expect(throws: InsecureConnectionError.self) {
            try await service.connect(org, url: "http://store.example.org", token: "stw_other")
        }
        #expect(try await service.remote(for: org)?.allowInsecure == true)
    }

    @Test("http:// to this computer needs no permission")
    func loopbackAccepted() async throws {
        let (database, org) = try await Self.console()
        let service = RemoteService(database: database, credentials: MemoryCredentialStore())
        for url in ["http://127.0.0.1:8420", "http://localhost:8420", "http://[::1]:8420"] {
            let remote = try await service.connect(org, url: url, token: "stw_token")
            #expect(remote.url == url)
            #expect(!remote.allowInsecure)
        }
    }

    @Test("a staff sign-in to plain http:// on another computer is refused before the password is sent")
    func signInRefused() async throws {
        let (database, org) = try await Self.console()
        let transport = FakeSessionTransport()
        await transport.answerSignIn(.success(.issued(1)))
        let sessions = SessionService(database: database, credentials: MemoryCredentialStore(), transport: transport)

        await #expect(throws: InsecureConnectionError(url: "http://10.0.0.5:8420")) {
            try await sessions.signIn(org: org, url: "http://10.0.0.5:8420", email: "ann@grace.example", password: "pw")
        }
        #expect(await transport.signInRequests.isEmpty)
        #expect(try await sessions.session(for: org) == nil)

        // Other mistakes are told first, with the fields named.
        await #expect(throws: ValidationError.self) {
            try await sessions.signIn(org: org, url: "http://10.0.0.5:8420", email: "ann", password: "pw")
        }

        try await sessions.signIn(org: org, url: "http://10.0.0.5:8420", email: "ann@grace.example", password: "pw",
                                  security: TransportSecurity(allowInsecure: true))
        #expect(await transport.signInRequests.count == 1)
        let remote = try #require(try await RemoteService(database: database).remote(for: org))
        #expect(remote.allowInsecure)
        #expect(remote.signedIn)
    }

    @Test("the HTTP layer sends no credential over plain http:// to another computer unless allowed")
    func httpLayerRefuses() async throws {
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 2, totalTimeout: 2))
        // .invalid never resolves: a request that gets past the check fails to connect instead.
        let url = "http://store.invalid/v1/orgs/grace/changes"
        await #expect(throws: HTTPClientError.credentialsOverPlainHTTP(url: url)) {
            _ = try await client.send(HTTPClientRequest(url: url, bearerToken: "stw_secret"))
        }
        await #expect(throws: HTTPClientError.credentialsOverPlainHTTP(url: url)) {
            _ = try await client.send(HTTPClientRequest(method: "POST", url: url, body: Data("{}".utf8), bodyIsSecret: true))
        }
        await #expect(throws: HTTPClientError.credentialsOverPlainHTTP(url: url)) {
            _ = try await client.send(HTTPClientRequest(url: url, headers: ["authorization": "Bearer x"]))
        }
        // Without a credential, or allowed, it goes out (and finds no such host).
        for request in [HTTPClientRequest(url: url),
                        HTTPClientRequest(url: url, bearerToken: "stw_secret", security: TransportSecurity(allowInsecure: true))] {
            let error = await #expect(throws: HTTPClientError.self) { _ = try await client.send(request) }
            #expect(error != .credentialsOverPlainHTTP(url: url))
        }
    }

    @Test("background sync honours the remote's choice: a remote that did not allow plain http:// sends nothing")
    func syncHonoursTheRemote() async throws {
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 2, totalTimeout: 2))
        var remote = Remote(orgId: UUID(), url: "http://store.invalid", storeOrg: "grace", token: "stw_secret", clientId: "c/grace")
        await #expect(throws: SyncTransportError.transport(.credentialsOverPlainHTTP(url: "http://store.invalid/v1/orgs/grace/changes?cursor=&limit=10"))) {
            _ = try await HTTPSyncTransport(remote: remote, client: client).pull(cursor: "", limit: 10)
        }
        remote.allowInsecure = true
        let error = await #expect(throws: SyncTransportError.self) {
            _ = try await HTTPSyncTransport(remote: remote, client: client).pull(cursor: "", limit: 10)
        }
        #expect(error.map { if case .transport(.couldNotConnect) = $0 { true } else { false } } == true, "\(String(describing: error))")
        #expect(SyncEngine.syncError(for: .transport(.credentialsOverPlainHTTP(url: "x")), url: "http://store.invalid", slug: "grace")
                == .insecureConnection(url: "http://store.invalid"))
    }

    @Test("a console from before keeps its remotes, none of them allowed plain http://")
    func migrationDefaults() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
        try Migrations.migrator.migrate(queue, upTo: "v7: one name per event field")
        let orgId = UUID()
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO organization (id, slug, name, timeZone, kind, modules)
                VALUES (?, 'grace', 'Grace', 'UTC', 'church', '["events"]')
                """, arguments: [UUIDColumn.encode(orgId)])
            try db.execute(sql: """
                INSERT INTO remote (orgId, url, storeOrg, token, clientId) VALUES (?, 'https://store.example.org', 'grace', 'stw_old', 'i/grace')
                """, arguments: [UUIDColumn.encode(orgId)])
        }
        let database = try AppDatabase(queue)
        let remote = try #require(try await database.writer.read { db in try Remote.fetch(orgId: orgId, db) })
        #expect(remote.allowInsecure == false)
        #expect(remote.caFile == nil)
        #expect(remote.token == "stw_old")
    }

    static func console() async throws -> (AppDatabase, Organization) {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database)
            .add(slug: "grace", name: "Grace", timeZone: "UTC", kind: .church)
        return (database, org)
    }
}
