import Foundation
import Testing
import StewardCore
@testable import StewardStore

@Suite("gzip and HTTP details")
struct GzipAndHTTPTests {
    @Test("Gzip round-trips, refuses more than its limit, and refuses garbage")
    func gzipCore() throws {
        let text = Data(String(repeating: "Steward syncs events. ", count: 5000).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed.count < text.count / 10)
        #expect(compressed.prefix(2) == Data([0x1F, 0x8B]))
        #expect(try Gzip.decompress(compressed, limit: text.count) == text)
        #expect(throws: Gzip.Failure.tooLarge(limit: text.count - 1)) { try Gzip.decompress(compressed, limit: text.count - 1) }
        #expect(throws: Gzip.Failure.corrupt) { try Gzip.decompress(Data("plain".utf8), limit: 1000) }
        #expect(throws: Gzip.Failure.corrupt) { try Gzip.decompress(compressed.prefix(compressed.count - 4), limit: text.count) }
        #expect(throws: Gzip.Failure.corrupt) { try Gzip.decompress(Data(), limit: 1000) }
        #expect(try Gzip.decompress(Gzip.compress(Data()), limit: 0) == Data())
    }

    @Test("a gzip push is accepted; a large pull is gzipped when asked for, a small one is not", arguments: Backend.available)
    func gzipOverHTTP(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let body = try JSONEncoder().encode(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(30)))
            let pushed = try await store.request(.post, "/v1/orgs/\(store.org)/push", token: store.staff,
                                                 body: Gzip.compress(body), headers: [.contentEncoding: "gzip"])
            #expect(pushed.status == .ok)
            #expect(try pushed.decode(PushResponse.self).lastMutationId == 30)

            let plain = try await store.request(.get, "/v1/orgs/\(store.org)/changes", token: store.reader)
            #expect(plain.headers[.contentEncoding] == nil)
            let zipped = try await store.request(.get, "/v1/orgs/\(store.org)/changes", token: store.reader,
                                                 headers: [.acceptEncoding: "br;q=1.0, gzip;q=0.8"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            let unzipped = try Gzip.decompress(Data(zipped.body.readableBytesView), limit: 1 << 24)
            #expect(unzipped == Data(plain.body.readableBytesView))
            #expect(try JSONDecoder().decode(PullResponse.self, from: unzipped).changes.count == 30)

            let refused = try await store.request(.get, "/v1/orgs/\(store.org)/changes", token: store.reader,
                                                  headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            let small = try await store.request(.get, "/v1/orgs/\(store.org)/changes?limit=1", token: store.reader,
                                                headers: [.acceptEncoding: "gzip"])
            #expect(small.headers[.contentEncoding] == nil)
            #expect(small.status == .ok)
        }
    }

    @Test("health answers ok without a token", arguments: Backend.available)
    func health(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let response = try await store.request(.get, "/health", token: nil)
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
        }
    }

    @Test("Accept-Encoding is read with its quality values")
    func acceptEncoding() {
        #expect(AcceptEncoding.allowsGzip(["gzip"]))
        #expect(AcceptEncoding.allowsGzip(["deflate, GZIP;q=0.5"]))
        #expect(AcceptEncoding.allowsGzip(["*"]))
        #expect(!AcceptEncoding.allowsGzip([]))
        #expect(!AcceptEncoding.allowsGzip(["gzip;q=0"]))
        #expect(!AcceptEncoding.allowsGzip(["*, gzip;q=0"]))
        #expect(!AcceptEncoding.allowsGzip(["br, identity"]))
    }

    @Test("tokens are long, random, prefixed, and stored as a SHA-256 hex hash")
    func tokens() {
        let a = BearerToken.generate()
        let b = BearerToken.generate()
        #expect(a != b)
        #expect(a.hasPrefix("stw_"))
        #expect(a.count == 4 + 43)  // 32 bytes in unpadded base64url
        #expect(a.dropFirst(4).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(BearerToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(BearerAuthMiddleware.bearerToken("Bearer abc") == "abc")
        #expect(BearerAuthMiddleware.bearerToken("bearer  abc ") == "abc")
        #expect(BearerAuthMiddleware.bearerToken("Basic abc") == nil)
        #expect(BearerAuthMiddleware.bearerToken("Bearer") == nil)
        #expect(BearerAuthMiddleware.bearerToken(nil) == nil)
    }

    @Test("slugs follow the API's pattern")
    func slugs() {
        for good in ["ab", "a1", "st-marys", "0rg", String(repeating: "a", count: 40)] { #expect(OrgSlug.isValid(good), "\(good)") }
        for bad in ["", "a", "-ab", "Ab", "a_b", "a.b", "é-x", String(repeating: "a", count: 41), "ab ", "a/b"] {
            #expect(!OrgSlug.isValid(bad), "\(bad)")
        }
    }
}
