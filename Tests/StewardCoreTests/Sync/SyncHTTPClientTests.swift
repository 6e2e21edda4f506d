import Foundation
import StewardTestSupport
import Testing
@testable import StewardCore

#if canImport(Glibc)
import Glibc
#endif

/// The sync endpoints as a small HTTP/1.1 server on the loopback (a Python subprocess), for
/// testing the libcurl client against real sockets.
enum LoopbackStore {
    static let script = #"""
import gzip, hashlib, http.server, json, sys, time, urllib.parse

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def body(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.headers.get("Content-Encoding") == "gzip":
            return gzip.decompress(raw), len(raw)
        return raw, len(raw)

    def do_POST(self):
        self.do_GET()

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path.startswith("/status/"):
            code = int(url.path.split("/")[-1])
            self.send(code, b"status %d" % code, [("X-Test", "yes"), ("Content-Type", "text/plain")])
        elif url.path == "/echo":
            data, wire = self.body()
            self.send(200, json.dumps({
                "method": self.command,
                "authorization": self.headers.get("Authorization"),
                "contentEncoding": self.headers.get("Content-Encoding"),
                "expect": self.headers.get("Expect"),
                "length": len(data),
                "wireLength": wire,
                "sha256": hashlib.sha256(data).hexdigest(),
            }).encode(), [("Content-Type", "application/json")])
        elif url.path == "/gzip":
            text = b"hello steward " * 2000
            if "gzip" in (self.headers.get("Accept-Encoding") or ""):
                self.send(200, gzip.compress(text), [("Content-Encoding", "gzip")])
            else:
                self.send(200, text)
        elif url.path == "/slow":
            time.sleep(3)
            self.send(200, b"late")
        elif url.path == "/port":
            self.send(200, str(self.client_address[1]).encode())
        elif url.path == "/big":
            self.send(200, b"x" * (2 * 1024 * 1024))
        elif url.path == "/v1/orgs/grace/push":
            self.body()
            self.send(409, json.dumps({"error": "mutation-gap", "message": "resend from 4", "lastMutationId": 3}).encode(),
                      [("Content-Type", "application/json")])
        elif url.path == "/v1/orgs/grace/changes":
            cursor = query.get("cursor", [""])[0]
            self.send(200, json.dumps({"changes": [], "cursor": "seen:" + cursor + ":" + query.get("limit", ["?"])[0],
                                       "hasMore": False}).encode(), [("Content-Type", "application/json")])
        else:
            self.send(404, b"{}")

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#
}

@Suite(.serialized) struct SyncHTTPClientTests {
    private func json(_ response: HTTPClientResponse) throws -> JSONValue {
        try JSONValue.parse(String(decoding: response.body, as: UTF8.self))
    }

    @Test func statusHeadersAndBodyComeBack() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let client = HTTPClient()
        let ok = try await client.send(HTTPClientRequest(url: server.url + "/status/200"))
        #expect(ok.status == 200)
        #expect(ok.header("X-Test") == "yes")
        #expect(ok.header("content-type") == "text/plain")
        #expect(String(decoding: ok.body, as: UTF8.self) == "status 200")
        // Other statuses are answers, not errors.
        let unavailable = try await client.send(HTTPClientRequest(url: server.url + "/status/503"))
        #expect(unavailable.status == 503)
        #expect(String(decoding: unavailable.body, as: UTF8.self) == "status 503")
    }

    @Test func theBearerTokenAndSmallBodiesGoAsGiven() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let body = Data("{\"hello\":\"store\"}".utf8)
        let response = try await HTTPClient().send(HTTPClientRequest(method: "POST", url: server.url + "/echo", body: body,
                                                               bearerToken: "s3cret"))
        let echo = try json(response)
        #expect(echo["method"]?.stringValue == "POST")
        #expect(echo["authorization"]?.stringValue == "Bearer s3cret")
        #expect(echo["contentEncoding"] == .null)
        #expect(echo["expect"] == .null)
        #expect(echo["length"]?.int64Value == Int64(body.count))
    }

    @Test func largeBodiesAreSentGzipped() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let text = String(repeating: "{\"title\":\"Choir rehearsal\"},", count: 2000)
        let body = Data(text.utf8)
        let response = try await HTTPClient().send(HTTPClientRequest(method: "POST", url: server.url + "/echo", body: body))
        let echo = try json(response)
        #expect(echo["contentEncoding"]?.stringValue == "gzip")
        #expect(echo["length"]?.int64Value == Int64(body.count))
        #expect(try #require(echo["wireLength"]?.int64Value) < Int64(body.count) / 10)
        let expected = try await sha256(body)
        #expect(echo["sha256"]?.stringValue == expected)
    }

    @Test func gzippedAnswersAreDecompressed() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let response = try await HTTPClient().send(HTTPClientRequest(url: server.url + "/gzip"))
        #expect(response.status == 200)
        #expect(response.header("content-encoding") == "gzip")
        #expect(response.body == Data(String(repeating: "hello steward ", count: 2000).utf8))
    }

    @Test func connectionsAreKeptAliveAcrossRequests() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let client = HTTPClient()
        let first = try await client.send(HTTPClientRequest(url: server.url + "/port"))
        let second = try await client.send(HTTPClientRequest(url: server.url + "/port"))
        #expect(first.body == second.body)
        // Another client has its own connections.
        let other = try await HTTPClient().send(HTTPClientRequest(url: server.url + "/port"))
        #expect(other.body != first.body)
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 1, totalTimeout: 0.5))
        let start = Date()
        await #expect(throws: HTTPClientError.timedOut) {
            _ = try await client.send(HTTPClientRequest(url: server.url + "/slow"))
        }
        #expect(Date().timeIntervalSince(start) < 2.5)
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let client = HTTPClient()
        let start = Date()
        let task = Task { try await client.send(HTTPClientRequest(url: server.url + "/slow")) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        await #expect(throws: HTTPClientError.cancelled) { _ = try await task.value }
        #expect(Date().timeIntervalSince(start) < 2.5)
    }

    @Test func answersOverTheLimitAreRefused() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let client = HTTPClient(options: HTTPClientOptions(maxResponseBytes: 1024 * 1024))
        await #expect(throws: HTTPClientError.responseTooLarge(limit: 1024 * 1024)) {
            _ = try await client.send(HTTPClientRequest(url: server.url + "/big"))
        }
    }

    @Test func aClosedPortIsConnectionRefused() async throws {
        let port = try PythonServer.closedPort()
        await #expect(throws: HTTPClientError.couldNotConnect("connection refused")) {
            _ = try await HTTPClient().send(HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"))
        }
    }

    @Test func onlyHTTPAddressesAreAccepted() async throws {
        for url in ["ftp://127.0.0.1/", "file:///etc/passwd", "127.0.0.1:8420", "http://"] {
            await #expect(throws: HTTPClientError.invalidURL(url)) {
                _ = try await HTTPClient().send(HTTPClientRequest(url: url))
            }
        }
    }

    @Test func theTransportDecodesErrorBodiesAndEncodesTheCursor() async throws {
        let server = try PythonServer(script: LoopbackStore.script)
        let remote = Remote(orgId: UUID(), url: server.url, storeOrg: "grace", token: "t", clientId: "c/grace")
        let transport = HTTPSyncTransport(remote: remote, client: HTTPClient())
        await #expect(throws: SyncTransportError.status(409, ErrorResponse(error: "mutation-gap", message: "resend from 4",
                                                                            lastMutationId: 3))) {
            _ = try await transport.push(PushRequest(clientId: "c/grace", mutations: []))
        }
        let page = try await transport.pull(cursor: "s1.5&x=1 +", limit: 7)
        #expect(page.cursor == "seen:s1.5&x=1 +:7")
        #expect(page.changes.isEmpty)
    }

    @Test func theEngineGivesUpOnAClosedPortWithStoreUnreachable() async throws {
        let port = try PythonServer.closedPort()
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database)
            .add(slug: "grace", name: "Grace", timeZone: "UTC", kind: .church)
        let url = "http://127.0.0.1:\(port)"
        let credentials = MemoryCredentialStore()
        try await RemoteService(database: database, credentials: credentials).connect(org, url: url + "/", token: "t")
        _ = try await EventService(database: database).create(.timed("Choir"), in: org)
        let engine = SyncEngine(database: database,
                                options: SyncOptions(retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, jitter: 0)),
                                credentials: credentials)
        let start = Date()
        let error = await #expect(throws: SyncError.self) { _ = try await engine.sync(org: org) }
        #expect(error == .storeUnreachable(url: url, reason: "connection refused"))
        #expect(error?.description == "cannot reach the store at \(url)/ (connection refused); your changes are kept and will be sent next time")
        // Three attempts with 0.05 s and 0.1 s between them.
        #expect(Date().timeIntervalSince(start) >= 0.15)
        let pending = try await database.writer.read { db in try Outbox.pendingCount(db) }
        #expect(pending == 1)
    }

    private func sha256(_ data: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return String(text.prefix(64))
    }
}
