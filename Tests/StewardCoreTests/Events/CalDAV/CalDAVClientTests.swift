import Foundation
import StewardTestSupport
import Testing
@testable import StewardCore

/// `CalDAVClient` against a stand-in server on loopback that answers as a CalDAV server may and
/// logs what it is sent: the password as Basic, the preconditions as headers, MKCALENDAR only
/// for a missing collection, HEAD for an ETag the PUT did not give, and what stops a run.
@Suite struct CalDAVClientTests {
    /// The stand-in: PROPFIND answers 404 until MKCALENDAR (or 207 with `--exists`); PUT answers
    /// 201 without an ETag, HEAD gives one; a wrong password is 401; GET /log lists the requests.
    static let script = #"""
        import base64, http.server, json, sys
        log, made = [], "--exists" in sys.argv
        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self, status, headers={}):
                self.send_response(status)
                for name, value in headers.items(): self.send_header(name, value)
                self.send_header("Content-Length", "0"); self.end_headers()
            def handle_any(self):
                global made
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode() if length else ""
                if self.path == "/log":
                    data = json.dumps(log).encode()
                    self.send_response(200); self.send_header("Content-Length", str(len(data))); self.end_headers()
                    self.wfile.write(data); return
                log.append({"method": self.command, "path": self.path, "body": body,
                            **{h: self.headers.get(h) or "" for h in ["Authorization", "If-Match", "If-None-Match", "Depth", "Content-Type"]}})
                if self.headers.get("Authorization") != "Basic " + base64.b64encode(b"office:s3cret pass").decode():
                    return self.answer(401, {"WWW-Authenticate": 'Basic realm="cal"'})
                if self.command == "PROPFIND": return self.answer(207 if made else 404)
                if self.command == "MKCALENDAR": made = True; return self.answer(201)
                if self.command == "PUT": return self.answer(412 if self.headers.get("If-Match") == '"stale"' else 201)
                if self.command == "HEAD": return self.answer(200, {"ETag": '"h1"'})
                if self.command == "DELETE": return self.answer(204)
                self.answer(405)
            do_GET = do_PUT = do_HEAD = do_DELETE = do_PROPFIND = do_MKCALENDAR = handle_any
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    func log(_ server: PythonServer) async throws -> [[String: String]] {
        let answer = try await HTTPClient().send(HTTPClientRequest(url: server.url + "/log"))
        let list = try JSONValue.parse(String(decoding: answer.body, as: UTF8.self)).arrayValue ?? []
        return list.map { item -> [String: String] in
            guard case .object(let fields) = item else { return [:] }
            return fields.compactMapValues { $0.stringValue }
        }
    }

    func client(_ server: PythonServer, password: String = "s3cret pass") -> CalDAVClient {
        CalDAVClient(collectionURL: server.url + "/office/events/", user: "office", password: password)
    }

    @Test func aMissingCalendarIsMadeAndAPutWithoutAnETagIsFollowedByHead() async throws {
        let server = try PythonServer(arguments: ["-c", Self.script])
        let client = client(server)
        try await client.prepareCollection(displayName: "Grace & Truth")
        let href = server.url + "/office/events/abc.ics"
        #expect(try await client.put(href, body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", condition: .ifNoneMatch) == .done(etag: "\"h1\""))
        #expect(try await client.put(href, body: "x", condition: .ifMatch("\"stale\"")) == .preconditionFailed)
        #expect(try await client.delete(href, condition: .ifMatch("\"h1\"")) == .done(etag: nil))
        let requests = try await log(server)
        #expect(requests.map { $0["method"] ?? "" } == ["PROPFIND", "MKCALENDAR", "PUT", "HEAD", "PUT", "DELETE"])
        let basic = "Basic " + Data("office:s3cret pass".utf8).base64EncodedString()
        #expect(requests.allSatisfy { $0["Authorization"] == basic })
        #expect(requests[0]["Depth"] == "0" && requests[0]["path"] == "/office/events/")
        #expect(requests[1]["body"]?.contains("<D:displayname>Grace &amp; Truth</D:displayname>") == true)
        #expect(requests[2]["If-None-Match"] == "*" && requests[2]["If-Match"] == "" && requests[2]["Content-Type"]?.hasPrefix("text/calendar") == true)
        #expect(requests[4]["If-Match"] == "\"stale\"" && requests[5]["If-Match"] == "\"h1\"")
    }

    @Test func anExistingCalendarIsNotMadeAgain() async throws {
        let server = try PythonServer(arguments: ["-c", Self.script, "--exists"])
        try await client(server).prepareCollection(displayName: "Office")
        #expect(try await log(server).map { $0["method"] ?? "" } == ["PROPFIND"])
    }

    @Test func aWrongPasswordOrNoServerStopsTheRunWithWhatIsWrong() async throws {
        let server = try PythonServer(arguments: ["-c", Self.script])
        let refused = await #expect(throws: CalDAVError.self) { try await client(server, password: "wrong").prepareCollection(displayName: "Office") }
        #expect(refused == .unauthorized && refused?.description == "the calendar server refused the user name or password")
        let closed = CalDAVClient(collectionURL: "http://127.0.0.1:\(try PythonServer.closedPort())/cal/", user: "office", password: "x")
        let unreachable = await #expect(throws: CalDAVError.self) { try await closed.prepareCollection(displayName: "Office") }
        guard case .unreachable? = unreachable else { Issue.record("not unreachable: \(String(describing: unreachable))"); return }
        #expect(unreachable?.description.hasPrefix("cannot reach the calendar server at http://127.0.0.1:") == true)
    }

    @Test func thePasswordIsNotSentOverPlainHTTPToAnotherComputer() async throws {
        let client = CalDAVClient(collectionURL: "http://calendar.example.org/office/", user: "office", password: "x")
        let error = await #expect(throws: CalDAVError.self) { try await client.prepareCollection(displayName: "Office") }
        #expect(error == .insecure(url: "http://calendar.example.org/office/"))
    }
}
